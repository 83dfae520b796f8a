/**
 * `npm run test:n8n`: our packed n8n-nodes-screenrec installed as a community package in a real n8n, against the
 * reference server. Prints a line per check and a closing "real-n8n: N passed, M failed"; exits non-zero on failure.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, startReferenceServer, type RunningServer } from '../support/reference-server';
import { run } from './machine';
import { ensureN8n, prepareN8n, startN8n, type N8nServer } from './n8n';
import {
  ACTION_WORKFLOW_ID,
  EXTERNAL_REFERENCE,
  HOOK_CREDENTIAL,
  PACKAGE,
  REST_CREDENTIAL,
  TRIGGER_WORKFLOW_ID,
  actionWorkflow,
  credentials,
  hookCredentialData,
  triggerWorkflow,
  type Demo,
} from './workflows';

let passed = 0;
let failed = 0;

async function check(name: string, body: () => Promise<void> | void): Promise<void> {
  try {
    await body();
    passed++;
    console.log(`ok   ${name}`);
  } catch (error) {
    failed++;
    console.log(`FAIL ${name}\n     ${(error as Error).message.split('\n').join('\n     ')}`);
  }
}

function expectThat(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

async function waitUntil<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

function since(started: number): string {
  return `${((Date.now() - started) / 1000).toFixed(1)} s`;
}

async function main(): Promise<void> {
  const started = Date.now();
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const workFolder = mkdtempSync(path.join(os.tmpdir(), 'screenrec-real-n8n-'));
  let server: RunningServer | undefined;
  let n8n: N8nServer | undefined;
  let userFolder: string | undefined;
  try {
    run(npm[0]!, [...npm.slice(1), 'run', 'build', '-w', PACKAGE, '-w', '@screenrec/reference-server', '--silent'], { cwd: REPO_ROOT, env: process.env });
    run(npm[0]!, [...npm.slice(1), 'pack', '-w', PACKAGE, '--pack-destination', workFolder, '--silent'], { cwd: REPO_ROOT, env: process.env });
    const tarball = path.join(workFolder, readdirSync(workFolder).find((file) => file.endsWith('.tgz'))!);

    const installStarted = Date.now();
    const n8nBin = ensureN8n(REPO_ROOT);
    console.log(`n8n ready in ${since(installStarted)} (cached after the first run)`);

    server = await startReferenceServer();
    const demo: Demo = { baseUrl: server.baseUrl, backendToken: server.demo.tokens.N8N, workspaceId: server.demo.workspaceId, apiKey: server.demo.apiKey };
    const instance = await prepareN8n(n8nBin, tarball);
    userFolder = instance.userFolder;
    const file = (name: string, content: unknown) => {
      const target = path.join(workFolder, name);
      writeFileSync(target, JSON.stringify(content));
      return target;
    };
    instance.cli(['import:credentials', `--input=${file('credentials.json', credentials(demo))}`]);
    instance.cli(['import:workflow', `--input=${file('actions.json', actionWorkflow)}`]);
    instance.cli(['import:workflow', `--input=${file('trigger.json', triggerWorkflow)}`]);

    await check('the nodes are offered as AI tools (screenRecTool in n8n export:nodes)', () => {
      const output = path.join(workFolder, 'nodes.json');
      instance.cli(['export:nodes', `--output=${output}`]);
      const names = (JSON.parse(readFileSync(output, 'utf8')) as Array<{ name: string }>).map((node) => node.name);
      for (const name of ['screenRec', 'screenRecTool', 'screenRecTrigger']) {
        expectThat(names.includes(`${PACKAGE}.${name}`), `${PACKAGE}.${name} missing from export:nodes`);
      }
    });

    await check('Create Recording then Get Many executes with the expected output', () => {
      const output = instance.cli(['execute', `--id=${ACTION_WORKFLOW_ID}`, '--rawOutput']);
      const json = output.slice(output.indexOf('{'));
      const runData = (JSON.parse(json) as { data: { resultData: { runData: Record<string, Array<{ data: { main: Array<Array<{ json: Record<string, unknown> }>> } }>> } } }).data.resultData.runData;
      const created = runData['Create Recording']?.[0]?.data.main[0]?.[0]?.json;
      const found = runData['Find Recording']?.[0]?.data.main[0] ?? [];
      expectThat(typeof created?.url === 'string' && created.url.startsWith(`${demo.baseUrl}/r/`), `Create gave ${JSON.stringify(created)}`);
      expectThat(found.length === 1, `Get Many found ${found.length} recordings`);
      const recording = found[0]!.json;
      expectThat(recording.externalReference === EXTERNAL_REFERENCE && recording.status === 'NEW' && JSON.stringify(recording.tags) === '["e2e","n8n"]', `Get Many gave ${JSON.stringify(recording)}`);
    });

    instance.cli(['publish:workflow', `--id=${TRIGGER_WORKFLOW_ID}`]);
    n8n = await startN8n(n8nBin, instance);
    const rest = n8n.rest;
    const subscriptions = async () => (await server!.admin<Array<{ callback: string; provider: string }>>('GET', `/admin/workspaces/${demo.workspaceId}/subscriptions`)).body;

    await check('the hook credential test succeeds with the good token and fails with a bad one', async () => {
      const test = (backendToken: string) =>
        rest<{ data: { status: string; message: string } }>('POST', '/credentials/test', { credentials: { ...HOOK_CREDENTIAL, data: hookCredentialData(demo, backendToken) } });
      const good = await test(demo.backendToken);
      expectThat(good.body.data.status === 'OK', `good token: ${JSON.stringify(good.body)}`);
      const bad = await test('not-the-token');
      expectThat(bad.body.data.status === 'Error', `bad token: ${JSON.stringify(bad.body)}`);
    });

    await check('the REST credential test succeeds with the good key and fails with a bad one', async () => {
      const test = (apiKey: string) =>
        rest<{ data: { status: string; message: string } }>('POST', '/credentials/test', {
          credentials: { ...REST_CREDENTIAL, data: { serviceUrl: demo.baseUrl, workspaceId: demo.workspaceId, apiKey } },
        });
      expectThat((await test(demo.apiKey)).body.data.status === 'OK', 'good key did not test OK');
      expectThat((await test('not-the-key')).body.data.status === 'Error', 'bad key did not fail');
    });

    await check('activating the Video Ready workflow subscribes, completing a recording runs it, deactivating unsubscribes', async () => {
      const subscribed = await waitUntil('the trigger to subscribe', async () => {
        const list = await subscriptions();
        return list.length === 1 ? list[0] : undefined;
      });
      expectThat(subscribed.provider === 'N8N' && subscribed.callback.startsWith(`http://127.0.0.1:${instance.port}/webhook/`), `subscribed ${JSON.stringify(subscribed)}`);

      const hookAnswer = await fetch(`${demo.baseUrl}/public/webhooks/N8N`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-token': demo.backendToken },
        body: JSON.stringify({ action: 'RECORDING', recording: { externalReference: 'real-n8n-trigger' } }),
      });
      const recordingId = ((await hookAnswer.json()) as { url: string }).url.split('/').pop()!;
      const completed = await server!.admin('POST', `/admin/recordings/${recordingId}/status`, { status: 'COMPLETED' });
      expectThat(completed.status === 200, `completing the recording answered ${completed.status}`);

      const execution = await waitUntil('the trigger workflow to run', async () => {
        const list = await rest<{ data: { results: Array<{ id: string; status: string }> } }>('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: TRIGGER_WORKFLOW_ID }))}`);
        return list.body.data.results.find((item) => item.status === 'success');
      });
      const details = await rest<{ data: { data: string } }>('GET', `/executions/${execution.id}`);
      const data = JSON.stringify(details.body);
      expectThat(data.includes(`/videos/${recordingId}?`), `the execution's data holds no video URL of ${recordingId}`);
      expectThat(data.includes('real-n8n-trigger'), "the execution's data holds no recording fields");

      const deactivated = await rest('POST', `/workflows/${TRIGGER_WORKFLOW_ID}/deactivate`, {});
      expectThat(deactivated.status === 200, `deactivate answered ${deactivated.status}: ${JSON.stringify(deactivated.body)}`);
      await waitUntil('the trigger to unsubscribe', async () => ((await subscriptions()).length === 0 ? true : undefined), 15_000);
    });
  } catch (error) {
    failed++;
    console.log(`FAIL setting up the run\n     ${(error as Error).message.split('\n').join('\n     ')}`);
  } finally {
    if (failed > 0 && n8n !== undefined) console.log(`--- n8n's output ---\n${n8n.output().slice(-4000)}`);
    if (failed > 0 && server !== undefined) console.log(`--- the reference server's log ---\n${server.logs().split("\n").filter((line) => line.includes("webhooks")).join("\n")}`);
    await n8n?.stop();
    await server?.stop();
    if (process.env.KEEP_REAL_N8N) console.log(`kept ${workFolder} ${userFolder}`);
    else for (const folder of [workFolder, userFolder]) if (folder !== undefined) rmSync(folder, { recursive: true, force: true, maxRetries: 10 });
  }
  console.log(`real n8n run took ${since(started)}`);
  console.log(`real-n8n: ${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
}

void main();
