import { NO_INTEGRATION_MESSAGE } from '@screenrec/core';
import { startReferenceServer, type RunningServer } from '../support/reference-server';
import type { AuthData } from './zapier/environment';
import { assertNoDotEnv, zapierInvoke, type CliRun } from './zapier/zapier-cli';

jest.setTimeout(60_000);

let server: RunningServer;
let demoAuth: AuthData;
let replacedToken: string;
/** Each invoke starts the CLI and loads the app (1.5-4 s here), so all of them start at once in beforeAll. */
let runs: Record<'authTest' | 'authLabel' | 'createRecording' | 'replacedToken', Promise<CliRun>>;

beforeAll(async () => {
  assertNoDotEnv();
  server = await startReferenceServer();
  demoAuth = { baseUrl: server.baseUrl, backendToken: server.demo.tokens.ZAPIER, workspaceId: server.demo.workspaceId, apiKey: server.demo.apiKey };
  replacedToken = await connectThenSetupAgain('CLI Rotated Workspace');
  runs = {
    authTest: zapierInvoke(['auth', 'test'], demoAuth),
    authLabel: zapierInvoke(['auth', 'label'], demoAuth),
    createRecording: zapierInvoke(['create', 'createRecording', '-i', JSON.stringify({ externalReference: 'cli-4711', tags: ['support'] })], demoAuth),
    replacedToken: zapierInvoke(['auth', 'test'], { baseUrl: server.baseUrl, backendToken: replacedToken }),
  };
  // Settled here, so a failed run fails its own test, and none is left running after the file.
  await Promise.allSettled(Object.values(runs));
});
afterAll(async () => {
  await server?.stop();
});

/** A new workspace's first backend token, replaced by pressing Setup a second time. */
async function connectThenSetupAgain(name: string): Promise<string> {
  const workspace = await server.admin<{ workspaceId: string }>('POST', '/admin/workspaces', { name });
  const setup = () => server.admin<{ backendToken: string }>('POST', `/admin/workspaces/${workspace.body.workspaceId}/integrations/ZAPIER`);
  const first = (await setup()).body.backendToken;
  await setup();
  return first;
}

describe('zapier-platform invoke against the reference server, as a maintainer runs it', () => {
  it('`invoke auth test` prints the connection test result', async () => {
    const run = await runs.authTest;

    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ workspace: 'Demo Workspace', restApi: 'connected' });
    expect(run.stderr).toContain('- Invoking authentication.test');
  });

  it('`invoke auth label` prints the connection label: the workspace name', async () => {
    const run = await runs.authLabel;

    expect([run.exitCode, run.stdout]).toEqual([0, 'Demo Workspace\n']);
  });

  it('`invoke create createRecording` creates the recording and prints its recordingId, status and page URL', async () => {
    const run = await runs.createRecording;

    expect(run.exitCode).toBe(0);
    const created = JSON.parse(run.stdout) as { recordingId: string; url: string };
    expect(created).toEqual({
      recordingId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      id: created.recordingId,
      status: 'NEW',
      url: `${server.baseUrl}/r/${created.recordingId}`,
      externalReference: 'cli-4711',
      tags: ['support'],
      detailsError: null,
    });
    expect(run.stderr).toContain('- Invoking creates.createRecording.operation.perform locally');

    // The recording really exists in the demo workspace, as the service's REST API shows.
    const listed = await fetch(`${server.baseUrl}/public/integration/${server.demo.workspaceId}/recordings/list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.demo.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [created.url.split('/').pop()] }),
    });
    expect(((await listed.json()) as { content: unknown[] }).content).toEqual([
      expect.objectContaining({ externalReference: 'cli-4711', tags: ['support'], status: 'NEW', url: created.url }),
    ]);
  });

  it('`invoke auth test` with a replaced backend token fails with the message to reconnect, and shows no secret', async () => {
    const run = await runs.replacedToken;

    expect([run.exitCode, run.stdout]).toEqual([2, '']);
    expect(run.stderr).toContain(`Error: ${NO_INTEGRATION_MESSAGE}`);
    expect(run.stderr).not.toContain(replacedToken);
  });
});
