import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expectThat, type Checks } from '../support/checks';
import type { ConnectedWorkspace } from '../support/reference-server';
import { runProcess } from '../support/run-process';
import type { Runtime } from '../runtimes/install';
import { cachedPackage } from '../../packages/mcp-server/test/cached-package';
import { TOOLS_IN_ORDER } from '../../packages/mcp-server/test/clients';
import { startTokenProxy } from '../../packages/mcp-server/test/token-proxy';
import { PACKAGE, type Target } from './targets';

// The same tools, at the same versions, as the package's own suites run against the local server.
const CONFORMANCE_VERSION = '0.1.16';
const INSPECTOR_VERSION = '2.12.0';
const PROJECT_BASELINE = path.join(PACKAGE, 'test/conformance-expected-failures.yml');

/**
 * The one scenario the hosted endpoint adds to the project's baseline. It checks a server on localhost refuses a
 * request whose Host and Origin are another site's, against DNS rebinding: a local server holds credentials of its
 * own that such a page would borrow. The hosted endpoint holds none: a request carries its caller's, and one
 * addressed to any name is as safe as one addressed to the endpoint's own, so it is served.
 */
export const HOSTED_ONLY_FAILURE = 'dns-rebinding-protection';
const PASSING = ['ping', 'prompts-list', 'resources-list', 'server-initialize', 'tools-list'];

/** The scenarios a baseline file lists (a YAML list of names under `server:`). */
function listedIn(baselineText: string): string[] {
  return [...baselineText.matchAll(/^\s+- ([\w-]+)/gm)].map((match) => match[1]!);
}

/** Each scenario's checks, from the result folders the suite writes (`server-<scenario>-<time>/checks.json`). */
function outcomesIn(resultsDir: string): Map<string, string[]> {
  const outcomes = new Map<string, string[]>();
  for (const folder of readdirSync(resultsDir)) {
    const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(folder)?.[1];
    if (scenario === undefined) continue;
    const checks = JSON.parse(readFileSync(path.join(resultsDir, folder, 'checks.json'), 'utf8')) as Array<{ id: string; status: string }>;
    outcomes.set(
      scenario,
      checks.map((check) => `${check.status} ${check.id}`),
    );
  }
  return outcomes;
}

/** What each tool's check runs against: one hosted target, one workspace, a folder of its own. */
export interface ToolCheckContext {
  checks: Checks;
  target: Target;
  node: Runtime;
  workspace: ConnectedWorkspace;
  folder: string;
}

/**
 * The official conformance suite, every scenario, with the project's baseline plus HOSTED_ONLY_FAILURE. It cannot
 * send headers: a proxy adds the API key, and the workspace is in the address.
 */
export async function conformanceCheck({ checks, target, node, workspace, folder }: ToolCheckContext): Promise<void> {
  await checks.check(
    `the MCP conformance suite ${CONFORMANCE_VERSION}: every scenario passes but the project's expected failures and ${HOSTED_ONLY_FAILURE}`,
    async () => {
      const suite = path.join(cachedPackage('@modelcontextprotocol/conformance', CONFORMANCE_VERSION), 'dist/index.js');
      const work = path.join(folder, `conformance-${target.name}`);
      mkdirSync(work, { recursive: true });
      const baselineText = `${readFileSync(PROJECT_BASELINE, 'utf8')}  - ${HOSTED_ONLY_FAILURE}\n`;
      const baseline = path.join(work, 'expected-failures.yml');
      writeFileSync(baseline, baselineText);
      const proxy = await startTokenProxy(`${target.url}/${workspace.workspaceId}`, workspace.apiKey);
      try {
        const resultsDir = path.join(work, 'results');
        const run = await runProcess(
          node.binary,
          [suite, 'server', '--url', proxy.url, '--suite', 'all', '--expected-failures', baseline, '--output-dir', resultsDir],
          {
            cwd: work,
            env: { PATH: process.env.PATH, HOME: work },
          },
        );
        const outcomes = outcomesIn(resultsDir);
        const notPassed = [...outcomes]
          .filter(([, found]) => found.some((check) => /^(FAILURE|WARNING) /.test(check)))
          .map(([name]) => name);
        const passed = [...outcomes.keys()].filter((name) => !notPassed.includes(name));
        const expected = listedIn(baselineText);
        expectThat(run.exitCode === 0, `the suite exited ${run.exitCode}:\n${run.stdout.slice(-2000)}`);
        expectThat(JSON.stringify(notPassed.sort()) === JSON.stringify([...expected].sort()), `not passed: ${notPassed.sort().join(', ')}`);
        expectThat(JSON.stringify(passed.sort()) === JSON.stringify(PASSING), `passed: ${passed.join(', ')}`);
        const rebinding = outcomes.get(HOSTED_ONLY_FAILURE) ?? [];
        expectThat(
          JSON.stringify(rebinding) ===
            JSON.stringify(['FAILURE localhost-host-rebinding-rejected', 'SUCCESS localhost-host-valid-accepted']),
          `${HOSTED_ONLY_FAILURE}: ${rebinding.join(', ')}`,
        );
        console.log(`     ${/^Total: .*$/m.exec(run.stdout)?.[0] ?? 'no total line'}`);
      } finally {
        await proxy.close();
      }
    },
  );
}

interface StrictListing {
  result: { tools: Array<{ name: string }> };
  schemaFindings?: Array<{ toolName: string; findings: Array<{ severity: string; path: string; issue: string }> }>;
}

/** The Inspector CLI's --strict tools/list with a user's three headers: the nine tools, not one finding, no warning. */
export async function inspectorCheck({ checks, target, node, workspace, folder }: ToolCheckContext): Promise<void> {
  await checks.check(`the MCP Inspector ${INSPECTOR_VERSION} CLI --strict: the nine tools, 0 errors and 0 warnings`, async () => {
    const cli = path.join(cachedPackage('@modelcontextprotocol/inspector', INSPECTOR_VERSION), 'clients/cli/build/index.js');
    const headers = [
      `Authorization: Bearer ${workspace.apiKey}`,
      `X-ScreenRec-Workspace-Id: ${workspace.workspaceId}`,
      `X-ScreenRec-Backend-Token: ${workspace.backendToken}`,
    ];
    const run = await runProcess(
      node.binary,
      [
        cli,
        '--cli',
        target.url,
        '--transport',
        'http',
        ...headers.flatMap((header) => ['--header', header]),
        '--method',
        'tools/list',
        '--strict',
        '--format',
        'json',
      ],
      { cwd: folder, env: { PATH: process.env.PATH, HOME: folder } },
    );
    expectThat(run.exitCode === 0, `it exited ${run.exitCode}: ${run.stderr}`);
    const listing = JSON.parse(run.stdout) as StrictListing;
    const names = listing.result.tools.map((tool) => tool.name);
    const findings = (listing.schemaFindings ?? []).flatMap(({ toolName, findings: found }) =>
      found.map((f) => `${f.severity} in ${toolName} at ${f.path}: ${f.issue}`),
    );
    expectThat(JSON.stringify(names) === JSON.stringify(TOOLS_IN_ORDER), `tools ${names.join(', ')}`);
    expectThat(findings.length === 0, findings.join('\n'));
    expectThat(!/warn/i.test(run.stderr), `it warned: ${run.stderr}`);
  });
}
