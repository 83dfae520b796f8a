/**
 * `npm run test:node-red-editor`: a person at Node-RED's editor (the release EDITOR_TARGET of
 * test/real-node-red/versions.ts) in Debian's headless Chromium, with our packed package installed and the shipped
 * examples deployed: logging in, the palette's ScreenRec category, the action node's form and its operation select,
 * the connection's config dialog and its Test connection button against the reference service, deploying, the help
 * sidebar. A screenshot of each step goes to .cache/node-red-editor/; with NODE_RED_README_PICTURE=1 the last one also
 * replaces the package README's picture, packages/node-red-screenrec/docs/editor.png.
 * One line per check and "node-red-editor: N passed, M failed (T s)"; exits non-zero on failure and stops every
 * process it started.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium, type Browser } from '../browser/chromium';
import { CHROMIUM, ensureDebianPackages } from '../browser/machine';
import { Checks } from '../support/checks';
import { REPO_ROOT, startReferenceServer, type RunningServer } from '../support/reference-server';
import { packageTarball } from '../real-n8n/package-tarball';
import { PACKAGE_NAME, TYPES, deployment, installedPackage, shippedExamples } from '../real-node-red/example-flows';
import { ensureNodeRed, freshUserDir } from '../real-node-red/install';
import { startNodeRed, type NodeRedServer } from '../real-node-red/node-red';
import { EDITOR_TARGET } from '../real-node-red/versions';
import {
  SCREENSHOTS,
  actionFormChecks,
  connectionDialogChecks,
  deployChecks,
  helpChecks,
  paletteChecks,
  readmePicture,
  signInChecks,
} from './steps';

/** The checks take well under a minute here; past this, something hangs: stop everything and say so. */
const RUN_BUDGET_MS = 5 * 60_000;

/** How long one action in the editor may take before it counts as broken. */
const ACTION_MS = 20_000;

async function main(): Promise<void> {
  const started = Date.now();
  const checks = new Checks();
  const workFolder = mkdtempSync(path.join(os.tmpdir(), 'screenrec-node-red-editor-'));
  const running: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    while (running.length > 0) await running.pop()!().catch((error: unknown) => console.log(`stopping: ${String(error)}`));
  };
  const watchdog = setTimeout(() => {
    checks.fail('finishing in time', new Error(`the checks were still running after ${RUN_BUDGET_MS / 60_000} minutes; stopped`));
    void stopAll().finally(() => {
      console.log(checks.summary('node-red-editor', started));
      process.exit(1);
    });
  }, RUN_BUDGET_MS);
  try {
    ensureDebianPackages((line) => console.error(line), [{ binary: CHROMIUM, debianPackage: 'chromium' }]);
    const tarball = packageTarball(workFolder, undefined, PACKAGE_NAME);
    const install = await ensureNodeRed(EDITOR_TARGET);
    const userDir = freshUserDir(install, tarball);
    running.push(async () => rmSync(userDir, { recursive: true, force: true, maxRetries: 10 }));
    const server: RunningServer = await startReferenceServer();
    running.push(server.stop);
    const nodeRed: NodeRedServer = await startNodeRed(install, userDir);
    running.push(nodeRed.stop);
    // The examples as shipped: their connections are filled in through the editor's dialog, as a person would. The
    // Video Ready example's tab first, which the editor opens: the checks fill in its connection and see it subscribe.
    const hasVideoReady = (example: { nodes: Array<{ type: string }> }) => example.nodes.some((node) => node.type === TYPES.videoReady);
    const examples = shippedExamples(installedPackage(userDir)).sort((a, b) => Number(hasVideoReady(b)) - Number(hasVideoReady(a)));
    const flows = deployment(examples, { serviceUrl: '', workspaceId: '', publicUrl: '', backendToken: '', apiKey: '' });
    await nodeRed.admin.deploy(flows);
    const browser: Browser = await launchChromium('allowed');
    running.push(browser.close);
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1400, height: 820 });
    page.setDefaultTimeout(ACTION_MS);
    rmSync(SCREENSHOTS, { recursive: true, force: true });

    const context = { page, checks: checks.scoped(`[Node-RED ${EDITOR_TARGET.nodeRed}] `), nodeRed, server, flows };
    await signInChecks(context);
    await paletteChecks(context);
    if (await actionFormChecks(context)) {
      await connectionDialogChecks(context);
      await deployChecks(context);
      await helpChecks(context);
      // NODE_RED_README_PICTURE=1 refreshes the package README's picture.
      const picture = await readmePicture(page, process.env.NODE_RED_README_PICTURE === '1');
      console.log(`README picture: ${path.relative(REPO_ROOT, picture)}`);
    }
  } catch (error) {
    checks.fail('setting up the editor', error);
  } finally {
    clearTimeout(watchdog);
    await stopAll();
    rmSync(workFolder, { recursive: true, force: true, maxRetries: 10 });
  }
  console.log(`screenshots: ${path.relative(REPO_ROOT, SCREENSHOTS)}/`);
  console.log(checks.summary('node-red-editor', started));
  process.exitCode = checks.exitCode();
}

void main();
