/**
 * `npm run test:runtimes`: the SDK (packages/core), packed once as npm publishes it, installed into a user's project
 * and run by one contract script (contract.ts) against the reference service in Node 20 (the machine's), Node 22 (the
 * repository's pinned), Deno, Bun, workerd and Chromium; plus what the tarball holds, `require()` in both Nodes, and
 * TypeScript compiling a user's program through each condition of `exports`. Prints a line per check and one closing
 * "runtimes: N passed, M failed (T s)"; exits non-zero on failure. Writes packages/core/README.md's runtime table with
 * RUNTIMES_README=1, else checks it. Stops every process it started, by process id.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RestClient } from 'screenrec';
import { CHROMIUM, ensureDebianPackages } from '../browser/machine';
import { runAsync } from '../real-n8n/machine';
import { Checks, expectThat, since } from '../support/checks';
import { startReferenceServer, type RunningServer } from '../support/reference-server';
import type { ContractConfig, ContractResult } from './contract';
import { ensureNpmRuntime, node20, pinnedNode, type Runtime } from './install';
import { consumerProject, packSdk, tarballFiles, type ConsumerProject, type SdkPackage } from './project';
import { startProxy, type SuiteProxy } from './proxy';
import { readmeShows, README, type RuntimeRow } from './readme-table';
import { runChromium, runCommand, runWorkerd } from './runtimes';
import { typeScriptCheck } from './typescript-check';

interface Context {
  checks: Checks;
  server: RunningServer;
  proxy: SuiteProxy;
  project: ConsumerProject;
  sdk: SdkPackage;
  completedRecordingId: string;
}

/** One runtime: how to make it ready, how it runs the contract, and how the README names it. */
interface RuntimeRun {
  runtime: string;
  how: string;
  majorOnly?: boolean;
  /** Resolves with the version it reports and the contract's result. */
  run: (config: (baseUrl: string) => ContractConfig) => Promise<{ version: string; result: ContractResult }>;
  /** Checks of its own after the contract's, under the same label (Node: require()). */
  also?: (label: string) => Promise<void>;
}

const SHIPPED = /^(dist\/(esm|cjs)\/.+\.(js|d\.ts)|dist\/(esm|cjs)\/package\.json|package\.json|README\.md|LICENSE)$/;

async function tarballChecks(checks: Checks, sdk: SdkPackage): Promise<void> {
  await checks.check('the tarball holds dist/esm and dist/cjs (code and declarations), README.md and LICENSE, nothing else', () => {
    const files = tarballFiles(sdk.tarball);
    expectThat(
      files.every((file) => SHIPPED.test(file)),
      `unexpected: ${files.filter((file) => !SHIPPED.test(file)).join(', ')}`,
    );
    for (const needed of [
      'dist/esm/index.js',
      'dist/cjs/index.js',
      'dist/esm/portable.d.ts',
      'dist/cjs/portable.d.ts',
      'README.md',
      'LICENSE',
    ])
      expectThat(files.includes(needed), `${needed} is missing`);
  });
}

async function packageChecks(checks: Checks, project: ConsumerProject, sdk: SdkPackage): Promise<void> {
  const installed = JSON.parse(readFileSync(path.join(project.folder, 'node_modules', sdk.name, 'package.json'), 'utf8')) as {
    private?: boolean;
    dependencies?: Record<string, string>;
    sideEffects?: boolean;
  };
  await checks.check('its package.json: public, zod its one dependency, free of side effects for bundlers', () => {
    expectThat(installed.private === undefined, 'still private');
    expectThat(
      JSON.stringify(Object.keys(installed.dependencies ?? {})) === '["zod"]',
      `dependencies ${JSON.stringify(installed.dependencies)}`,
    );
    expectThat(installed.sideEffects === false, `sideEffects ${String(installed.sideEffects)}`);
  });
  await checks.check(
    'TypeScript reads dist/esm types through import and dist/cjs through require (node16), dist/esm under bundler',
    async () => {
      const runs = await typeScriptCheck(project.folder, sdk);
      const both = ['dist/cjs/index.d.ts', 'dist/cjs/portable.d.ts', 'dist/esm/index.d.ts', 'dist/esm/portable.d.ts'];
      expectThat(JSON.stringify(runs.node16.read) === JSON.stringify(both), `node16 read ${runs.node16.read.join(', ')}`);
      const esm = ['dist/esm/index.d.ts', 'dist/esm/portable.d.ts'];
      expectThat(JSON.stringify(runs.bundler.read) === JSON.stringify(esm), `bundler read ${runs.bundler.read.join(', ')}`);
    },
  );
}

/** require() in a Node: the CommonJS build, with the names the ESM build has, for both entries. */
async function requireCheck(checks: Checks, runtime: Runtime, project: ConsumerProject, sdk: SdkPackage, label: string): Promise<void> {
  await checks.check(`${label} require() loads dist/cjs of both entries, with the names import gives them`, async () => {
    const script = `
      const names = (module) => JSON.stringify(Object.keys(module).sort());
      Promise.all([${JSON.stringify(sdk.name)}, ${JSON.stringify(`${sdk.name}/portable`)}].map(async (entry) => ({
        entry, resolved: require.resolve(entry), same: names(require(entry)) === names(await import(entry)),
      }))).then((entries) => console.log(JSON.stringify(entries)));`;
    const output = await runAsync(runtime.binary, ['-e', script], { cwd: project.folder, env: runtime.env, timeoutMs: 60_000 });
    const entries = JSON.parse(output.trim().split('\n').pop()!) as { entry: string; resolved: string; same: boolean }[];
    for (const { entry, resolved, same } of entries) {
      expectThat(resolved.includes(`${path.sep}dist${path.sep}cjs${path.sep}`), `${entry} resolved to ${resolved}`);
      expectThat(same, `${entry}: require and import give different names`);
    }
  });
}

/** The README's first example, as it stands, in the pinned Node against the service: it must run and list its recording. */
async function readmeExampleCheck(checks: Checks, runtime: Runtime, project: ConsumerProject, server: RunningServer): Promise<void> {
  await checks.check("the README's first example runs as written: a recording link, then the list shows that recording", async () => {
    const example = /```js\n([\s\S]*?)```/.exec(readFileSync(README, 'utf8'))?.[1];
    expectThat(example !== undefined, `${README} has no js example`);
    const file = path.join(project.folder, 'readme-example.mjs');
    writeFileSync(file, example);
    const env = {
      ...runtime.env,
      SCREENREC_BASE_URL: server.baseUrl,
      SCREENREC_BACKEND_TOKEN: server.demo.tokens.N8N,
      SCREENREC_WORKSPACE_ID: server.demo.workspaceId,
      SCREENREC_API_KEY: server.demo.apiKey,
    };
    const output = await runAsync(runtime.binary, [file], { cwd: project.folder, env, timeoutMs: 60_000 });
    const link = /^Send this link: (http\S+)$/m.exec(output)?.[1];
    expectThat(link !== undefined, `it printed:\n${output}`);
    expectThat(/^[0-9a-f-]{36} NEW \S+$/m.test(output), `no recording listed after the link:\n${output}`);
  });
}

/** Prints the contract's checks under the runtime's label, and checks the lost answer at the proxy. */
async function judge(checks: Checks, label: string, result: ContractResult, proxy: SuiteProxy): Promise<void> {
  for (const outcome of result.checks)
    await checks.check(
      `${label} ${outcome.name}${outcome.ok && outcome.detail !== undefined ? ` (${outcome.detail.slice(0, 120)})` : ''}`,
      () => expectThat(outcome.ok, outcome.detail ?? 'failed'),
    );
  await checks.check(`${label} the proxy dropped the first DELETE's answer (204, after the service deleted) and the retry got 404`, () => {
    const id = result.lostAnswerRecordingId;
    expectThat(id !== undefined, 'the contract deleted nothing through the lossy proxy');
    const seen = [...proxy.deletes].find(([urlPath]) => urlPath.endsWith(`/recordings/${id}`))?.[1];
    expectThat(
      JSON.stringify(seen) ===
        JSON.stringify([
          { status: 204, dropped: true },
          { status: 404, dropped: false },
        ]),
      `the proxy saw ${JSON.stringify(seen)}`,
    );
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  const checks = new Checks();
  const workFolder = mkdtempSync(path.join(os.tmpdir(), 'screenrec-runtimes-'));
  const rows: RuntimeRow[] = [];
  let server: RunningServer | undefined;
  let proxy: SuiteProxy | undefined;
  try {
    // Debian's Chromium first (apt-get holds dpkg's lock and blocks), then every npm install at once.
    ensureDebianPackages((line) => console.error(line), [{ binary: CHROMIUM, debianPackage: 'chromium' }]);
    const installing = Date.now();
    const [deno, bun, workerd] = await Promise.all([ensureNpmRuntime('deno'), ensureNpmRuntime('bun'), ensureNpmRuntime('workerd')]);
    const nodes = { 20: node20(), 22: pinnedNode() };
    console.log(`runtimes ready in ${since(installing)} (installed into .cache/ on the first run)`);

    const packing = Date.now();
    const sdk = packSdk(workFolder);
    console.log(`built and packed ${path.basename(sdk.tarball)} in ${since(packing)}`);
    await tarballChecks(checks, sdk);
    const project = await consumerProject(path.join(workFolder, 'project'), sdk);
    await packageChecks(checks, project, sdk);

    server = await startReferenceServer();
    proxy = await startProxy(server.baseUrl, path.dirname(project.pageHtml));
    const context: Context = { checks, server, proxy, project, sdk, completedRecordingId: await completedRecording(server) };
    await readmeExampleCheck(checks, nodes[22], project, server);

    const commandRun =
      (runtime: Runtime, args: string[]): RuntimeRun['run'] =>
      async (config) => ({ version: runtime.version, result: await runCommand(runtime, args, project, config(server!.baseUrl)) });
    const requires = (runtime: Runtime) => (label: string) => requireCheck(checks, runtime, project, sdk, label);
    const runs: RuntimeRun[] = [
      {
        runtime: 'Node.js 20',
        how: "the machine's Node: `node cli.mjs` (import), and require()",
        majorOnly: true,
        run: commandRun(nodes[20], []),
        also: requires(nodes[20]),
      },
      {
        runtime: 'Node.js 22',
        how: "the repository's pinned Node: `node cli.mjs` (import), and require()",
        run: commandRun(nodes[22], []),
        also: requires(nodes[22]),
      },
      {
        runtime: 'Deno',
        how: '`deno run --allow-net=127.0.0.1 cli.mjs`, the package from node_modules',
        run: commandRun(deno, ['run', '--allow-net=127.0.0.1']),
      },
      { runtime: 'Bun', how: '`bun cli.mjs`', run: commandRun(bun, []) },
      {
        runtime: 'workerd',
        how: 'a Worker bundled by esbuild, `workerd serve`, no `nodejs_compat`',
        run: async (config) => ({ version: workerd.version, result: await runWorkerd(workerd, project, config(server!.baseUrl)) }),
      },
      {
        runtime: 'Chromium',
        how: "Debian's, headless: a page with the package bundled by esbuild for the browser",
        majorOnly: true,
        run: async (config) => {
          const browser = await runChromium(proxy!.pageUrl, config(proxy!.url));
          const failed = browser.result.checks.some((check) => !check.ok);
          if (failed) console.log(`--- the page's console ---\n${browser.console.join('\n').slice(-4000)}`);
          return { version: browser.version, result: browser.result };
        },
      },
    ];
    for (const one of selected(runs)) await runOn(context, one, rows);

    const write = process.env.RUNTIMES_README === '1';
    if (rows.length === runs.length)
      await checks.check(`${path.relative(process.cwd(), README)} shows this run's table${write ? ' (written)' : ''}`, () => {
        const { ok, expected, found } = readmeShows(rows, write);
        expectThat(ok, `it shows:\n${found}\nthis run:\n${expected}\n(RUNTIMES_README=1 npm run test:runtimes writes it)`);
      });
  } catch (error) {
    checks.fail('setting up the run', error);
  } finally {
    await proxy?.stop();
    await server?.stop();
    if (process.env.KEEP_RUNTIMES_PROJECT) console.log(`kept ${workFolder}`);
    else rmSync(workFolder, { recursive: true, force: true, maxRetries: 10 });
  }
  for (const row of rows)
    console.log(`${row.runtime} ${row.version}: ${row.failed === 0 ? `all ${row.passed} checks passed` : `${row.failed} failed`}`);
  console.log(checks.summary('runtimes', started));
  process.exitCode = checks.exitCode();
}

/** `RUNTIMES_ONLY=deno,chromium` runs only those (for local work on one; the README's table is then left alone). */
function selected(runs: RuntimeRun[], filter = process.env.RUNTIMES_ONLY): RuntimeRun[] {
  if (filter === undefined || filter.trim() === '') return runs;
  const wanted = filter.split(',').map((name) => name.trim().toLowerCase());
  const chosen = runs.filter((one) => wanted.some((name) => one.runtime.toLowerCase().includes(name)));
  if (chosen.length === 0) throw new Error(`RUNTIMES_ONLY=${filter} names none of ${runs.map((one) => one.runtime).join(', ')}`);
  return chosen;
}

/** Runs the contract on one runtime and judges it; a runtime that could not run at all counts as one failure. */
async function runOn(context: Context, one: RuntimeRun, rows: RuntimeRow[]): Promise<void> {
  const { checks, server, proxy } = context;
  const before = { ...checks.counts };
  const started = Date.now();
  const runTag = `${one.runtime.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
  const config = (baseUrl: string): ContractConfig => ({
    baseUrl,
    streamedBaseUrl: proxy.url,
    lossyBaseUrl: proxy.lossyUrl,
    silentBaseUrl: proxy.silentUrl,
    workspaceId: server.demo.workspaceId,
    apiKey: server.demo.apiKey,
    backendToken: server.demo.tokens.ZAPIER,
    provider: 'ZAPIER',
    completedRecordingId: context.completedRecordingId,
    runTag,
  });
  let version = '?';
  try {
    const outcome = await one.run(config);
    version = outcome.version;
    const label = `[${one.runtime}: ${version}]`;
    await judge(checks, label, outcome.result, proxy);
    await one.also?.(label);
  } catch (error) {
    checks.fail(`[${one.runtime}] running the contract`, error);
  }
  console.log(`${one.runtime} ${version}: ${since(started)}`);
  rows.push({
    runtime: one.runtime,
    version,
    how: one.how,
    passed: checks.counts.passed - before.passed,
    failed: checks.counts.failed - before.failed,
    ...(one.majorOnly === true ? { majorOnly: true } : {}),
  });
}

/** A recording with a video, for the contract's link to a video: made through REST, completed by the admin API. */
async function completedRecording(server: RunningServer): Promise<string> {
  const rest = new RestClient({ baseUrl: server.baseUrl, workspaceId: server.demo.workspaceId, apiKey: server.demo.apiKey });
  const { id } = await rest.requestRecording({ direction: 'REQUEST', tags: ['runtimes-video'] });
  await server.adminOk(200, 'POST', `/admin/recordings/${id}/status`, { status: 'COMPLETED' });
  return id;
}

void main();
