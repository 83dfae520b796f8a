import {
  BASE_URL_FORMAT,
  HTTPS_SERVICE_URL_REQUIRED,
  PING_DISCONNECTED_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  invalidInputMessage,
} from 'screenrec';
import nock from 'nock';
import authentication, { NOTHING_TO_CONNECT_WITH, testConnection } from '../src/authentication';
import { HOOK_NOT_CONFIGURED } from '../src/clients';
import { perform as createRecording } from '../src/creates/create-recording';
import { performSubscribe, performUnsubscribe } from '../src/triggers/video-ready';
import {
  API_KEY,
  BACKEND_TOKEN,
  BASE_URL,
  HOOK_PATH,
  WORKSPACE_ID,
  appError,
  appTester,
  hookAuth,
  hookCall,
  restAuth,
  restOnlyAuth,
  runWithHookOnly,
  runWithRest,
  useNock,
  zapierFailure,
} from './harness';
import { page, recordingsList } from './recordings-api';

useNock();

describe('connection test', () => {
  /** The hook answering PING for the workspace the connection is labelled with. */
  const pingAnswered = () => hookCall({ action: 'PING' }).reply(200, { status: 'success', workspace: 'Demo Workspace' });

  it('sends PING with the backend token and labels the connection with the workspace name', async () => {
    pingAnswered();

    const result = await runWithHookOnly(testConnection);

    expect(result).toEqual({ workspace: 'Demo Workspace', restApi: 'not configured' });
    expect(authentication.connectionLabel).toBe('{{workspace}}');
  });

  it('with an API key also makes one cheap REST call, so a wrong key is caught at connect time', async () => {
    pingAnswered();
    recordingsList({ pageSize: 1 }).reply(200, page([]));

    await expect(runWithRest(testConnection)).resolves.toEqual({ workspace: 'Demo Workspace', restApi: 'connected' });
  });

  it('rejects a wrong API key with ExpiredAuthError that says how to get a new one', async () => {
    pingAnswered();
    recordingsList({ pageSize: 1 }).reply(401, { message: 'Unauthorized' });

    await expect(zapierFailure(runWithRest(testConnection), [API_KEY])).resolves.toEqual({
      name: 'ExpiredAuthError',
      message: UNAUTHORIZED_MESSAGE,
    });
  });

  it('asks for both REST fields when only one is given, before sending anything', async () => {
    const error = await zapierFailure(appTester(testConnection, { authData: { ...hookAuth, workspaceId: WORKSPACE_ID } }));

    expect(error).toEqual(
      appError('INVALID_INPUT', 'Fill in both the Workspace ID and the API Key to use the REST features, or leave both empty.'),
    );
  });

  it('treats a disconnected integration (PING 400) as an error that says to reconnect', async () => {
    hookCall({ action: 'PING' }).reply(400, { message: 'Bad request' });

    const error = await zapierFailure(runWithHookOnly(testConnection));

    expect(error).toEqual(appError('BAD_REQUEST', PING_DISCONNECTED_MESSAGE, 400));
  });

  it('reports an unusable Service URL before sending anything', async () => {
    const error = await zapierFailure(appTester(testConnection, { authData: { ...hookAuth, baseUrl: 'screenrec.test' } }));

    expect(error).toMatchObject({ name: 'AppError', code: 'INVALID_INPUT' });
    expect(error.message).toBe(invalidInputMessage(`"Service URL": ${BASE_URL_FORMAT}`));
  });

  it.each(['http://screenrec.test', 'HTTP://api.screenrec.example:8080/', 'http://10.0.0.5', 'http://[::2]'])(
    'refuses the plain http Service URL %s before sending anything (the backend token would cross the network unencrypted), and says to use https',
    async (baseUrl) => {
      const error = await zapierFailure(appTester(testConnection, { authData: { ...restAuth, baseUrl } }));

      expect(error).toEqual(appError('INVALID_INPUT', invalidInputMessage(`"Service URL": ${HTTPS_SERVICE_URL_REQUIRED}`)));
      expect(error.message).toContain('must start with https://');
    },
  );

  it.each(['http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010', 'http://127.1:4010'])(
    'accepts plain http on this machine (%s), where local runs and the suites serve the service',
    async (baseUrl) => {
      nock(new URL(baseUrl).origin).post(HOOK_PATH, { action: 'PING' }).reply(200, { status: 'success', workspace: 'Local Workspace' });

      await expect(appTester(testConnection, { authData: { ...hookAuth, baseUrl } })).resolves.toEqual({
        workspace: 'Local Workspace',
        restApi: 'not configured',
      });
    },
  );

  it('connects with the API key alone (no Backend Token): one REST call with the key, the connection named by its workspace ID', async () => {
    recordingsList({ pageSize: 1 })
      .matchHeader('x-service-token', (value) => value === undefined)
      .reply(200, page([]));

    await expect(appTester(testConnection, { authData: restOnlyAuth })).resolves.toEqual({ workspace: WORKSPACE_ID, restApi: 'connected' });
  });

  it('asks for the Backend Token or the REST fields when the connection has neither, before sending anything', async () => {
    await expect(zapierFailure(appTester(testConnection, { authData: { baseUrl: BASE_URL, backendToken: '  ' } }))).resolves.toEqual(
      appError('INVALID_INPUT', NOTHING_TO_CONNECT_WITH),
    );
  });

  it.each([
    [
      'Create Recording Link',
      () => appTester(createRecording, { authData: restOnlyAuth, inputData: { externalReference: 'ticket-4711' } }),
    ],
    [
      'Video Ready, turning on',
      () => appTester(performSubscribe, { authData: restOnlyAuth, targetUrl: 'https://hooks.zapier.com/hooks/standard/1/abc' }),
    ],
    ['Video Ready, turning off', () => appTester(performUnsubscribe, { authData: restOnlyAuth, subscribeData: { id: 'sub-1' } })],
  ])(
    '%s, which needs the automation hook, says to fill in the Backend Token on a REST-only connection, sending nothing',
    async (_step, run) => {
      await expect(zapierFailure(run())).resolves.toEqual(appError('HOOK_NOT_CONFIGURED', HOOK_NOT_CONFIGURED));
    },
  );

  it('has the four connection fields, the secrets as passwords, only the Service URL required', () => {
    expect(authentication.fields.map(({ key, type, required }) => ({ key, type, required }))).toEqual([
      { key: 'baseUrl', type: 'string', required: true },
      { key: 'backendToken', type: 'password', required: false },
      { key: 'workspaceId', type: 'string', required: false },
      { key: 'apiKey', type: 'password', required: false },
    ]);
    expect(BASE_URL).not.toContain(BACKEND_TOKEN);
  });
});
