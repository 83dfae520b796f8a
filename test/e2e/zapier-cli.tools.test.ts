import { NO_INTEGRATION_MESSAGE, invalidInputMessage } from 'screenrec';
import { startReferenceServer, type RunningServer } from '../support/reference-server';
import { HOOK_NOT_CONFIGURED } from '../../packages/zapier/src/clients';
import type { AuthData } from './zapier/environment';
import {
  CLI_RUN_BOUND_MS,
  cliRunsBoundMs,
  invokeSandbox,
  printedError,
  printedResult,
  type CliRun,
  type InvokeSandbox,
} from './zapier/zapier-cli';

jest.setTimeout(CLI_RUN_BOUND_MS);

const RECORDING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: RunningServer;
let replacedToken: string;
const sandboxes: InvokeSandbox[] = [];
/** Each invoke starts the CLI and loads the app (1.5-4 s here), so they are all queued for the CLI slots in beforeAll. */
let runs: Record<
  | 'authTest'
  | 'authLabel'
  | 'authTemplate'
  | 'restOnlyAuthTest'
  | 'restOnlyCreate'
  | 'createRecording'
  | 'findRecording'
  | 'recordingDropdown'
  | 'badInput'
  | 'replacedToken',
  Promise<CliRun>
>;

beforeAll(
  async () => {
    server = await startReferenceServer();
    replacedToken = await connectThenSetupAgain('CLI Rotated Workspace');
    const demoAuth: AuthData = {
      baseUrl: server.baseUrl,
      backendToken: server.demo.tokens.ZAPIER,
      workspaceId: server.demo.workspaceId,
      apiKey: server.demo.apiKey,
    };
    const [demo, rotated, restOnly] = await Promise.all([
      invokeSandbox(demoAuth),
      invokeSandbox({ baseUrl: server.baseUrl, backendToken: replacedToken }),
      // A user who left the Backend Token empty: the `.env` line is there, blank, as Zapier stores an empty field.
      invokeSandbox({ ...demoAuth, backendToken: '' }),
    ]);
    sandboxes.push(demo, rotated, restOnly);
    const createRecording = demo.invoke([
      'create',
      'createRecording',
      '-i',
      JSON.stringify({ externalReference: 'cli-4711', tags: ['support'] }),
    ]);
    runs = {
      authTest: demo.invoke(['auth', 'test']),
      authLabel: demo.invoke(['auth', 'label']),
      authTemplate: demo.invoke(['auth', 'template']),
      restOnlyAuthTest: restOnly.invoke(['auth', 'test']),
      restOnlyCreate: restOnly.invoke(['create', 'createRecording', '-i', JSON.stringify({ externalReference: 'cli-rest-only' })]),
      createRecording,
      // Found once created: the search runs after the create has ended.
      findRecording: createRecording.then(() =>
        demo.invoke(['search', 'findRecording', '-i', JSON.stringify({ externalReference: 'cli-4711' })]),
      ),
      recordingDropdown: createRecording.then(() => demo.invoke(['trigger', 'recordingList'])),
      badInput: demo.invoke(['create', 'createRecording', '-i', JSON.stringify({ externalReference: '   ' })]),
      replacedToken: rotated.invoke(['auth', 'test']),
    };
    // Settled here, so a failed run fails its own test, and none is left running after the file.
    await Promise.allSettled(Object.values(runs));
    // Three sandboxes' analytics runs, then the ten invokes, of which two wait for the create.
  },
  cliRunsBoundMs(3) + cliRunsBoundMs(10) + cliRunsBoundMs(2),
);
afterAll(async () => {
  await Promise.all([server?.stop(), ...sandboxes.map((sandbox) => sandbox.remove())]);
});

/** A new workspace's first backend token, replaced by pressing Setup a second time. */
async function connectThenSetupAgain(name: string): Promise<string> {
  const workspace = await server.admin<{ workspaceId: string }>('POST', '/admin/workspaces', { name });
  const setup = () => server.admin<{ backendToken: string }>('POST', `/admin/workspaces/${workspace.body.workspaceId}/integrations/ZAPIER`);
  const first = (await setup()).body.backendToken;
  await setup();
  return first;
}

describe('zapier-platform invoke on a copy of the built app, against the reference server, as a maintainer runs it before `zapier push`', () => {
  it('`invoke auth test` prints the connection test result', async () => {
    const run = await runs.authTest;

    expect(run.exitCode).toBe(0);
    expect(printedResult(run)).toEqual({ workspace: 'Demo Workspace', restApi: 'connected' });
    expect(run.stderr).toContain('- Invoking authentication.test');
  });

  it('`invoke auth label` prints the connection label: the workspace name', async () => {
    const run = await runs.authLabel;

    expect([run.exitCode, run.stdout]).toEqual([0, 'Demo Workspace\n']);
  });

  it("`invoke auth template` prints Zapier's reading of where the credentials go: no one static template, as the secret depends on the URL", async () => {
    const run = await runs.authTemplate;

    expect(run.exitCode).toBe(0);
    expect(printedResult(run)).toEqual({ supported: false, reason: 'test_function_error', authType: 'custom' });
  });

  it('`invoke auth test` connects a connection with the API key and no Backend Token, named by its workspace ID', async () => {
    const run = await runs.restOnlyAuthTest;

    expect(run.exitCode).toBe(0);
    expect(printedResult(run)).toEqual({ workspace: server.demo.workspaceId, restApi: 'connected' });
  });

  it('`invoke create createRecording` on that connection says to fill in the Backend Token', async () => {
    const run = await runs.restOnlyCreate;

    expect([run.exitCode, run.stdout]).toEqual([2, '']);
    expect(printedError(run)).toEqual({ message: HOOK_NOT_CONFIGURED, code: 'HOOK_NOT_CONFIGURED' });
  });

  it('`invoke create createRecording` creates the recording and prints its recordingId, status and page URL', async () => {
    const run = await runs.createRecording;

    expect(run.exitCode).toBe(0);
    const created = printedResult<{ recordingId: string; url: string }>(run);
    expect(created).toEqual({
      recordingId: expect.stringMatching(RECORDING_ID),
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

  it('`invoke search findRecording` finds the recording just created by its external reference, and logs how it searched', async () => {
    const [created, run] = await Promise.all([runs.createRecording, runs.findRecording]);
    const { recordingId } = printedResult<{ recordingId: string }>(created);

    expect(run.exitCode).toBe(0);
    expect(printedResult(run)).toEqual([
      expect.objectContaining({
        id: recordingId,
        status: 'NEW',
        externalReference: 'cli-4711',
        tags: ['support'],
        url: `${server.baseUrl}/r/${recordingId}`,
      }),
    ]);
    expect(run.stdout).toMatch(
      /^Found the recording with external reference "cli-4711" among the \d+ recordings? looked at, newest first/m,
    );
  });

  it('`invoke trigger recordingList` fills the Recording ID dropdown: the newest first, labelled with reference, state, time, tags and ID', async () => {
    const [created, run] = await Promise.all([runs.createRecording, runs.recordingDropdown]);
    const { recordingId } = printedResult<{ recordingId: string }>(created);

    expect(run.exitCode).toBe(0);
    const choices = printedResult<Array<{ id: string; label: string }>>(run);
    expect(choices[0]).toEqual({
      id: recordingId,
      label: expect.stringMatching(
        new RegExp(`^cli-4711 · New · \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} UTC · support · ID ${recordingId.slice(0, 8)}$`),
      ),
    });
    expect(choices.every((choice) => RECORDING_ID.test(choice.id))).toBe(true);
  });

  it('a blank External Reference fails with the message naming the field as the user sees it', async () => {
    const run = await runs.badInput;

    expect([run.exitCode, run.stdout]).toEqual([2, '']);
    expect(printedError(run)).toEqual({ message: invalidInputMessage('"External Reference": must not be empty'), code: 'INVALID_INPUT' });
  });

  it('`invoke auth test` with a replaced backend token fails with the message to reconnect, and shows no secret', async () => {
    const run = await runs.replacedToken;

    expect([run.exitCode, run.stdout]).toEqual([2, '']);
    expect(run.stderr).toContain(`Error: ${NO_INTEGRATION_MESSAGE}`);
    expect(run.stderr).not.toContain(replacedToken);
  });
});
