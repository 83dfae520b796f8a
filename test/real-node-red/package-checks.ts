import path from 'node:path';
import { z } from 'zod';
import { expectThat, type Checks } from '../support/checks';
import { REPO_ROOT, type RunningServer } from '../support/reference-server';
import { TYPES, demoConnection } from './example-flows';
import type { NodeRedServer } from './node-red';
import { EMPTY_CATALOGUE, validateFolder, validatePackage, type ScorecardEntry } from './scorecard';

/** The config dialog's Test connection route (under Node-RED's admin root), and what it answers. */
const TEST_ROUTE = `/${TYPES.connection}/test`;
const TestAnswer = z.object({ results: z.array(z.object({ ok: z.boolean(), message: z.string() })) });

/** The Test connection route behind Node-RED's permission check, and passing with the demo workspace's values. */
export async function testConnectionChecks(checks: Checks, server: RunningServer, nodeRed: NodeRedServer): Promise<void> {
  const body = demoConnection(server, nodeRed.baseUrl);
  await checks.check(`POST ${TEST_ROUTE} without a signed-in user is refused (401)`, async () => {
    const response = await fetch(`${nodeRed.baseUrl}${TEST_ROUTE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expectThat(response.status === 401, `answered ${response.status}`);
  });
  await checks.check(`POST ${TEST_ROUTE} with the demo workspace's values passes every part`, async () => {
    const answer = await nodeRed.admin.call('POST', TEST_ROUTE, body);
    expectThat(answer.status === 200, `answered ${answer.status}: ${answer.text}`);
    const { results } = TestAnswer.parse(JSON.parse(answer.text));
    expectThat(results.length > 0 && results.every((result) => result.ok), `results: ${answer.text}`);
  });
}

/**
 * node-red-dev validate, the Flow Library's scorecard, on the packed package: every check passes with the catalogue
 * served empty (catalogue.nodered.org is unreachable here; offline-catalogue.cjs serves it), and a catalogue listing
 * another module with one of our node types fails N01, which shows the served catalogue is the one read. The package's
 * own folder, where a maintainer runs it before publishing, passes as the tarball does: the folder's installed
 * dependencies are the lockfile's, so D03 (each dependency at its latest version) judges those.
 */
export async function scorecardChecks(checks: Checks, cli: string, tarball: string): Promise<void> {
  await checks.check('node-red-dev validate passes every check of the scorecard', async () => {
    expectEveryCheckPassed(await validatePackage(cli, tarball, EMPTY_CATALOGUE));
  });
  await checks.check("node-red-dev validate on the package's folder passes every check of the scorecard", async () => {
    expectEveryCheckPassed(await validateFolder(cli, NODE_RED_PACKAGE_DIR, EMPTY_CATALOGUE));
  });
  await checks.check('node-red-dev validate fails N01 when the catalogue lists another module with our node type', async () => {
    const catalogue = { modules: [{ id: 'node-red-contrib-other-screenrec', types: [TYPES.action] }] };
    const entries = await validatePackage(cli, tarball, catalogue);
    const n01 = entries.find((entry) => entry.code === 'N01');
    expectThat(n01?.test === false, `N01: ${JSON.stringify(n01)}`);
  });
}

const NODE_RED_PACKAGE_DIR = path.join(REPO_ROOT, 'packages/node-red-screenrec');

function expectEveryCheckPassed(entries: ScorecardEntry[]): void {
  const failed = entries.filter((entry) => !entry.test);
  expectThat(entries.length >= 12, `the scorecard has only ${entries.map((entry) => entry.code).join(', ')}`);
  expectThat(failed.length === 0, `failed: ${JSON.stringify(failed)}`);
}
