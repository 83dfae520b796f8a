/**
 * `npm run test:mcp-inspector`: the recording card in a real host. The MCP Inspector's web client (installed on
 * first use into .cache/) runs in Debian's headless Chromium against the built MCP server over stdio, configured
 * for a reference service this run starts: a recording is requested from the Inspector's Apps tab, a participant
 * records and sends their screen on the recording page, and Wait for Video shows the card playing the video
 * (its screenshot goes to .cache/mcp-inspector-web/; MCP_INSPECTOR_README_PICTURE=1 also makes it the README's
 * docs/images/mcp-inspector-tools.png). Then ext-apps's own host bridge shows the card each kind of result (NEW,
 * PROCESSING, COMPLETED, an error). A line per check, then "test:mcp-inspector: N passed, M failed (T s)"; exits
 * non-zero on any failure. Installs Chromium with apt-get when missing; stops every process it started.
 */
import { RestClient } from 'screenrec';
import { launchChromium, type Browser } from '../browser/chromium';
import { CHROMIUM, ensureDebianPackages } from '../browser/machine';
import { MCP_BIN, spawnStdioServer } from '../../packages/mcp-server/test/stdio-bin';
import { Checks } from '../support/checks';
import { startReferenceServer, type RunningServer } from '../support/reference-server';
import { bridgeChecks } from './bridge-checks';
import { startInspector, type RunningInspector } from './inspector';
import { inspectorChecks } from './inspector-checks';

/** Past this, something hangs: stop and say so. The checks take about a minute. */
const CHECKS_BUDGET_MS = 5 * 60_000;
const CARD_URI = 'ui://screenrec/recording-card.html';

async function readCardHtml(env: Record<string, string>): Promise<string> {
  const server = await spawnStdioServer(env);
  try {
    const [card] = (await server.client.readResource({ uri: CARD_URI })).contents;
    if (card === undefined || !('text' in card)) throw new Error(`${CARD_URI} has no HTML`);
    return card.text;
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const checks = new Checks();
  const summary = () => checks.summary('test:mcp-inspector', started);
  const stoppers: Array<() => Promise<unknown>> = [];
  const stopAll = async () => {
    for (const stop of stoppers.splice(0).reverse()) await stop().catch(() => undefined);
  };
  const watchdog = setTimeout(() => {
    checks.fail('finishing in time', new Error(`the checks were still running after ${CHECKS_BUDGET_MS / 60_000} minutes; stopped`));
    void stopAll().finally(() => {
      console.log(summary());
      process.exit(1);
    });
  }, CHECKS_BUDGET_MS);
  watchdog.unref();
  try {
    ensureDebianPackages((line) => console.error(line), [{ binary: CHROMIUM, debianPackage: 'chromium' }]);
    const service: RunningServer = await startReferenceServer();
    stoppers.push(() => service.stop());
    const { baseUrl, demo } = service;
    const env = { SCREENREC_BASE_URL: baseUrl, SCREENREC_WORKSPACE_ID: demo.workspaceId, SCREENREC_API_KEY: demo.apiKey };
    const rest = new RestClient({ baseUrl, workspaceId: demo.workspaceId, apiKey: demo.apiKey });
    const inspector: RunningInspector = await startInspector('screenrec', { command: process.execPath, args: [MCP_BIN], env });
    stoppers.push(() => inspector.stop());
    const browser: Browser = await launchChromium('allowed');
    stoppers.push(() => browser.close());

    const recordingId = await inspectorChecks(checks, { browser, inspector, rest, serviceUrl: baseUrl });
    if (recordingId !== undefined) {
      const [cardHtml, recording, videoUrl] = await Promise.all([
        readCardHtml(env),
        rest.getRecording(recordingId),
        rest.getVideoUrl(recordingId),
      ]);
      await bridgeChecks(checks, browser.context, cardHtml, recording, videoUrl);
    }
  } catch (error) {
    checks.fail('setting up the run', error);
  } finally {
    clearTimeout(watchdog);
    await stopAll();
  }
  console.log(summary());
  process.exitCode = checks.exitCode();
}

void main();
