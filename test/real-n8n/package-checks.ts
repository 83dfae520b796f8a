import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expectThat } from '../support/checks';
import type { SuiteContext } from './context';
import { ACTION_WORKFLOW_ID, CREDENTIAL, EXTERNAL_REFERENCE, PACKAGE, type CredentialData } from './workflows';
import { bundledZodIn, type ZodProbe } from './zod-probe';
import { importDocumentedWorkflows } from './documented-workflows';

/** What the checks before `n8n start` need: the CLI of a prepared n8n user folder. */
export type CliContext = Pick<SuiteContext, 'checks' | 'demo' | 'instance'> & { n8nBin: string; workFolder: string; zodProbe: ZodProbe };

type RunData = Record<string, Array<{ data: { main: Array<Array<{ json: Record<string, unknown> }>> } }>>;

/** Checks through n8n's CLI: the nodes as AI tools, a workflow run with `n8n execute`, and where zod comes from. */
export async function cliChecks({ checks, demo, instance, n8nBin, workFolder, zodProbe }: CliContext): Promise<void> {
  await checks.check('the nodes are offered as AI tools (screenRecTool in n8n export:nodes)', () => {
    const output = path.join(workFolder, 'nodes.json');
    instance.cli(['export:nodes', `--output=${output}`]);
    const names = (JSON.parse(readFileSync(output, 'utf8')) as Array<{ name: string }>).map((node) => node.name);
    for (const name of ['screenRec', 'screenRecTool', 'screenRecTrigger', 'screenRecNewRecordingTrigger']) {
      expectThat(names.includes(`${PACKAGE}.${name}`), `${PACKAGE}.${name} missing from export:nodes`);
    }
  });

  await checks.check('every workflow the documents show imports with n8n import:workflow, as copied', () => {
    const imported = importDocumentedWorkflows(instance.cli, workFolder);
    console.log(`     (${imported.join('; ')})`);
  });

  await checks.check('Create Recording, Get Many, then Get (by resource locator) execute with the expected output', async () => {
    const output = await instance.cliAsync(['execute', `--id=${ACTION_WORKFLOW_ID}`, '--rawOutput']);
    const runData = (JSON.parse(output.slice(output.indexOf('{'))) as { data: { resultData: { runData: RunData } } }).data.resultData
      .runData;
    const created = runData['Create Recording']?.[0]?.data.main[0]?.[0]?.json;
    const found = runData['Find Recording']?.[0]?.data.main[0] ?? [];
    expectThat(typeof created?.url === 'string' && created.url.startsWith(`${demo.baseUrl}/r/`), `Create gave ${JSON.stringify(created)}`);
    expectThat(found.length === 1, `Get Many found ${found.length} recordings`);
    const recording = found[0]!.json;
    expectThat(
      recording.externalReference === EXTERNAL_REFERENCE &&
        recording.status === 'NEW' &&
        JSON.stringify(recording.tags) === '["e2e","n8n"]',
      `Get Many gave ${JSON.stringify(recording)}`,
    );
    const got = runData['Get Recording']?.[0]?.data.main[0] ?? [];
    expectThat(
      got.length === 1 && got[0]!.json.id === recording.id && got[0]!.json.externalReference === EXTERNAL_REFERENCE,
      `Get gave ${JSON.stringify(got)}`,
    );
  });

  const n8nModules = path.resolve(n8nBin, '../../..');
  const installed = path.join(instance.userFolder, '.n8n', 'nodes', 'node_modules');
  let zodVersion = '?';
  const resolutions = zodProbe.resolutions();
  const resolved = resolutions[0]?.resolved.match(/^(.*[/\\]node_modules[/\\]zod)[/\\]/)?.[1];
  if (resolved !== undefined && existsSync(path.join(resolved, 'package.json'))) {
    zodVersion = (JSON.parse(readFileSync(path.join(resolved, 'package.json'), 'utf8')) as { version: string }).version;
  }
  await checks.check(`the package bundles no zod and its zod imports resolve to n8n's own (zod ${zodVersion})`, () => {
    const bundled = bundledZodIn(path.join(installed, PACKAGE, 'dist'));
    expectThat(bundled.length === 0, `zod's source is bundled in ${bundled.join(', ')}`);
    expectThat(!existsSync(path.join(installed, 'zod')), 'installing the package also installed a zod of its own');
    expectThat(resolutions.length > 0, 'n8n ran the package, but the package imported no zod');
    const foreign = resolutions.filter((item) => !item.resolved.startsWith(n8nModules + path.sep));
    expectThat(
      foreign.length === 0,
      `zod resolved outside n8n's install: ${foreign.map((item) => `${item.request} → ${item.resolved}`).join(', ')}`,
    );
    expectThat(
      resolutions.some((item) => item.request === 'zod/v4'),
      `the package imports ${[...new Set(resolutions.map((item) => item.request))].join(', ')}, not zod/v4`,
    );
  });
}

/**
 * Through n8n's HTTP API: the output schemas n8n serves its editor (the next node maps their fields before anything
 * has run), then "Test connection", each secret checked when filled in, good and bad.
 */
export async function credentialChecks({ checks, demo, n8n }: SuiteContext): Promise<void> {
  await checks.check("n8n serves each node's output schema where its editor asks for it", async () => {
    for (const path of [
      `${PACKAGE}.screenRec/1.0.0/recording/getAll.json`,
      `${PACKAGE}.screenRec/1.0.0/tag/search.json`,
      `${PACKAGE}.screenRecTrigger/1.0.0.json`,
    ]) {
      const answer = await fetch(`${n8n.baseUrl}/schemas/${path}`);
      const schema = answer.status === 200 ? ((await answer.json()) as { type?: string; properties?: Record<string, unknown> }) : {};
      expectThat(
        answer.status === 200 && schema.type === 'object' && Object.keys(schema.properties ?? {}).length > 0,
        `/schemas/${path}: ${answer.status} ${JSON.stringify(schema)}`,
      );
    }
  });

  const test = async (data: CredentialData) =>
    (await n8n.rest<{ data: { status: string; message: string } }>('POST', '/credentials/test', { credentials: { ...CREDENTIAL, data } }))
      .body;
  const expectStatus = async (what: string, data: CredentialData, status: 'OK' | 'Error') => {
    const answer = await test(data);
    expectThat(answer.data?.status === status, `${what}: expected ${status}, got ${JSON.stringify(answer)}`);
  };

  await checks.check('the credential test passes with a good backend token and fails with a bad one', async () => {
    await expectStatus('good token only', { serviceUrl: demo.baseUrl, backendToken: demo.backendToken }, 'OK');
    await expectStatus('bad token only', { serviceUrl: demo.baseUrl, backendToken: 'not-the-token' }, 'Error');
  });

  await checks.check('the credential test passes with a good API key and fails with a bad one', async () => {
    await expectStatus('good key only', { serviceUrl: demo.baseUrl, workspaceId: demo.workspaceId, apiKey: demo.apiKey }, 'OK');
    await expectStatus('bad key only', { serviceUrl: demo.baseUrl, workspaceId: demo.workspaceId, apiKey: 'not-the-key' }, 'Error');
  });

  await checks.check('the credential test passes with every field good and fails when one secret is bad', async () => {
    const all = { serviceUrl: demo.baseUrl, workspaceId: demo.workspaceId, backendToken: demo.backendToken, apiKey: demo.apiKey };
    await expectStatus('every field good', all, 'OK');
    await expectStatus('good token, bad key', { ...all, apiKey: 'not-the-key' }, 'Error');
    await expectStatus('bad token, good key', { ...all, backendToken: 'not-the-token' }, 'Error');
  });
}
