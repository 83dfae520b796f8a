/**
 * `npm run test:mcp-hosted`: the MCP server's hosted endpoint, the Worker bundle served by workerd as wrangler.jsonc
 * deploys it and the same handler on Node (`screenrec-mcp --hosted`), each against the reference service behind a
 * counting proxy. On each: the exact 401s, that no request sends the server elsewhere, both eras' SDK clients with
 * the prompts and the card, two tenants calling at once, the Inspector CLI --strict and the conformance suite, and
 * logs free of every credential. Prints a line per check (and per fault case, what reached ScreenRec), then one
 * closing "mcp-hosted: N passed, M failed (T s)"; exits non-zero on failure. Stops what it started, by process id.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Checks, expectThat, since } from '../support/checks';
import { cancellingCheck } from './cancelling';
import { startReferenceServer, type RunningServer } from '../support/reference-server';
import { ensureNpmRuntime, pinnedNode } from '../runtimes/install';
import { WORKERD_COMPATIBILITY_DATE } from '../runtimes/versions';
import { bodyTooLargeCheck, refusalChecks } from './refusals';
import { startDecoy, startServiceProxy, type Listener } from './service-proxy';
import { sessionChecks } from './sessions';
import { makeTenants, tenantChecks } from './tenants';
import { PACKAGE, startNode, startWorkerd, wranglerConfig, type Target } from './targets';
import { conformanceCheck, inspectorCheck } from './tools';

async function configChecks(checks: Checks): Promise<void> {
  await checks.check('wrangler.jsonc deploys dist/worker.js as built, without nodejs_compat, on a date this workerd knows', () => {
    const config = wranglerConfig();
    const bundle = path.join(PACKAGE, config.main);
    expectThat(config.main === 'dist/worker.js' && existsSync(bundle), `main ${config.main}`);
    expectThat(config.no_bundle === true, 'wrangler would bundle it again');
    expectThat(
      !(config.compatibility_flags ?? []).some((flag) => flag.startsWith('nodejs_compat')),
      `flags ${config.compatibility_flags?.join(', ')}`,
    );
    expectThat(
      config.compatibility_date <= WORKERD_COMPATIBILITY_DATE,
      `${config.compatibility_date} is after workerd's ${WORKERD_COMPATIBILITY_DATE}`,
    );
    expectThat(typeof config.vars.SCREENREC_BASE_URL === 'string', 'no SCREENREC_BASE_URL var');
    const imports = /\bfrom\s*["']node:|\brequire\(["']node:|\bimport\(["']node:/.exec(readFileSync(bundle, 'utf8'));
    expectThat(imports === null, `the bundle imports ${imports?.[0]}`);
  });
}

/** What the endpoint wrote: a line per tool call, and none of the credentials any caller sent. */
async function logChecks(checks: Checks, target: Target, secrets: string[]): Promise<void> {
  await checks.check('its log has a line per tool call and not one credential of any caller', () => {
    const output = target.output();
    expectThat(/screenrec-mcp: find_recordings: ok in \d+ ms/.test(output), `no tool-call lines in:\n${output.slice(-1000)}`);
    const leaked = secrets.filter((secret) => output.includes(secret));
    expectThat(leaked.length === 0, `${leaked.length} credentials in the log`);
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  const checks = new Checks();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'screenrec-mcp-hosted-'));
  let service: RunningServer | undefined;
  const listeners: Listener[] = [];
  const targets: Target[] = [];
  try {
    await configChecks(checks);
    const [workerd, node] = [await ensureNpmRuntime('workerd'), pinnedNode()];
    service = await startReferenceServer();
    const proxy = await startServiceProxy(service.baseUrl);
    const decoy = await startDecoy();
    listeners.push(proxy, decoy);
    const tenants = await makeTenants(service);
    const sessions = await service.connectWorkspace('Hosted sessions', 'N8N');
    const secrets = [...tenants.map((t) => t.workspace), sessions].flatMap((w) => [w.apiKey, w.backendToken]);

    for (const start of [() => startWorkerd(workerd, folder, proxy.url), () => startNode(proxy.url)]) {
      const target = await start();
      targets.push(target);
      const scoped = checks.scoped(`[${target.name} ${target.version}] `);
      const begun = Date.now();
      await refusalChecks(scoped, target, {
        service: proxy,
        decoy,
        tenant: tenants[0].workspace,
        recordingIds: tenants[0].recordingIds,
        tag: 'tenant-a',
      });
      await bodyTooLargeCheck(scoped, target, tenants[0].workspace);
      await sessionChecks(scoped, target, service, sessions, new URL(proxy.url).origin);
      await tenantChecks(scoped, target, tenants, proxy);
      await cancellingCheck(scoped, target, tenants[0], proxy);
      const toolContext = { checks: scoped, target, node, workspace: sessions, folder };
      await inspectorCheck(toolContext);
      await conformanceCheck(toolContext);
      await logChecks(scoped, target, secrets);
      console.log(`${target.name} ${target.version}: ${since(begun)}`);
      await target.stop();
    }
  } catch (error) {
    checks.fail('running the suite', error);
  } finally {
    for (const target of targets) await target.stop();
    for (const listener of listeners) await listener.stop();
    await service?.stop();
    rmSync(folder, { recursive: true, force: true, maxRetries: 10 });
  }
  console.log(checks.summary('mcp-hosted', started));
  process.exitCode = checks.exitCode();
}

void main();
