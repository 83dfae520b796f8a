import {
  INTEGRATION_NOT_CONNECTED_MESSAGE,
  NO_ACTIVE_SUBSCRIPTION_MESSAGE,
  NO_INTEGRATION_MESSAGE,
  PING_DISCONNECTED_MESSAGE,
  REST_FORBIDDEN_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  hookRefusedMessage,
} from 'screenrec';
import type { ConnectionTestResult } from '../../packages/zapier/src/authentication';
import { startZapierE2E, type AuthData, type Connection, type ZapierE2E } from './zapier/environment';
import { zapierFailure } from '../support/zapier-failure';

jest.setTimeout(60_000);

let e2e: ZapierE2E;

beforeAll(async () => {
  e2e = await startZapierE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

/** The steps a user's Zaps run with one connection, each as a promise of its result. */
function stepsWith(authData: AuthData) {
  const videoReady = () => e2e.operation('triggers', 'videoReady');
  return {
    testConnection: () => e2e.run<ConnectionTestResult>(e2e.app.authentication.test, { authData }),
    createRecording: () =>
      e2e.run(e2e.operation('creates', 'createRecording').perform, { authData, inputData: { externalReference: 'ticket-4711' } }),
    subscribe: () => e2e.run<{ id: string }>(videoReady().performSubscribe, { authData, targetUrl: 'http://127.0.0.1:9/hooks/zap' }),
    unsubscribe: (subscribeData: { id: string }) => e2e.run(videoReady().performUnsubscribe, { authData, subscribeData }),
    newRecording: () => e2e.run(e2e.operation('triggers', 'newRecording').perform, { authData }),
    findRecording: () =>
      e2e.run(e2e.operation('searches', 'findRecording').perform, { authData, inputData: { externalReference: 'ticket-4711' } }),
  };
}

/** What must appear in no failure a connection's steps give. */
function secretsOf(connection: Connection): string[] {
  return [connection.authData.backendToken, connection.authData.apiKey];
}

/** Runs each of `steps` in turn, expecting each to fail as `expected`, naming none of the connection's secrets. */
async function expectEachFails(connection: Connection, expected: object, steps: Array<() => Promise<unknown>>): Promise<void> {
  for (const step of steps) await expect(zapierFailure(step(), secretsOf(connection))).resolves.toEqual(expected);
}

function workspacePath(connection: Connection): string {
  return `/admin/workspaces/${connection.workspaceId}`;
}

describe('integration disconnected in the dashboard', () => {
  it('fails the connection test and every hook step, each saying to reconnect or check the integration', async () => {
    const connection = await e2e.connectWorkspace('Disconnected Workspace');
    const steps = stepsWith(connection.authData);
    await e2e.adminOk(204, 'DELETE', `${workspacePath(connection)}/integrations/ZAPIER`);

    await expect(zapierFailure(steps.testConnection(), secretsOf(connection))).resolves.toEqual({
      name: 'AppError',
      code: 'BAD_REQUEST',
      status: 400,
      message: PING_DISCONNECTED_MESSAGE,
    });
    await expect(zapierFailure(steps.createRecording(), secretsOf(connection))).resolves.toEqual({
      name: 'AppError',
      code: 'INTEGRATION_NOT_CONNECTED',
      status: 200,
      message: INTEGRATION_NOT_CONNECTED_MESSAGE,
    });
    await expect(zapierFailure(steps.subscribe(), secretsOf(connection))).resolves.toEqual({
      name: 'AppError',
      code: 'SERVICE_ERROR',
      status: 200,
      message: hookRefusedMessage('Internal Server Error'),
    });
  });
});

describe('backend token replaced by a later Setup', () => {
  it('asks Zapier to reconnect (ExpiredAuthError) for the old token, and the new token works', async () => {
    const connection = await e2e.connectWorkspace('Rotated Workspace');
    const oldSteps = stepsWith(connection.authData);
    const subscription = await oldSteps.subscribe();
    const { backendToken } = await e2e.adminOk<{ backendToken: string }>(201, 'POST', `${workspacePath(connection)}/integrations/ZAPIER`);

    await expectEachFails(connection, { name: 'ExpiredAuthError', message: NO_INTEGRATION_MESSAGE }, [
      oldSteps.testConnection,
      oldSteps.createRecording,
      oldSteps.subscribe,
      () => oldSteps.unsubscribe(subscription),
    ]);

    const newSteps = stepsWith({ ...connection.authData, backendToken });
    await expect(newSteps.testConnection()).resolves.toEqual({ workspace: 'Rotated Workspace', restApi: 'connected' });
    await expect(newSteps.unsubscribe(subscription)).resolves.toEqual({ status: 'success' });
  });
});

describe.each(['EXPIRED', 'CANCELED'])('workspace subscription %s', (state) => {
  it('refuses new recordings and new Zap subscriptions with a message to renew; the connection test and turning a Zap off still work', async () => {
    const connection = await e2e.connectWorkspace(`${state} Workspace`);
    const steps = stepsWith(connection.authData);
    const subscription = await steps.subscribe();
    await e2e.adminOk(200, 'PATCH', workspacePath(connection), { subscription: state });

    const renew = { name: 'AppError', code: 'NO_ACTIVE_SUBSCRIPTION', status: 200, message: NO_ACTIVE_SUBSCRIPTION_MESSAGE };
    await expectEachFails(connection, renew, [steps.createRecording, steps.subscribe]);
    await expect(steps.testConnection()).resolves.toEqual({ workspace: `${state} Workspace`, restApi: 'connected' });
    await expect(steps.unsubscribe(subscription)).resolves.toEqual({ status: 'success' });

    await e2e.adminOk(200, 'PATCH', workspacePath(connection), { subscription: 'ACTIVE' });
    await expect(steps.createRecording()).resolves.toEqual(expect.objectContaining({ externalReference: 'ticket-4711' }));
  });
});

describe('API access turned off for the workspace', () => {
  it('asks Zapier to reconnect for every REST step and says to turn API access on; hook steps keep working; turning it on again restores the key', async () => {
    const connection = await e2e.connectWorkspace('API Off Workspace');
    const steps = stepsWith(connection.authData);
    await e2e.adminOk(200, 'PATCH', workspacePath(connection), { apiAccess: false });

    await expectEachFails(connection, { name: 'ExpiredAuthError', message: REST_FORBIDDEN_MESSAGE }, [
      steps.testConnection,
      steps.newRecording,
      steps.findRecording,
    ]);
    await expect(steps.createRecording()).resolves.toEqual(expect.objectContaining({ externalReference: 'ticket-4711' }));

    await e2e.adminOk(200, 'PATCH', workspacePath(connection), { apiAccess: true });
    await expect(steps.findRecording()).resolves.toEqual([expect.objectContaining({ externalReference: 'ticket-4711' })]);
  });
});

describe('API key revoked', () => {
  it('asks Zapier to reconnect for every REST step and says to create a new key', async () => {
    const connection = await e2e.connectWorkspace('Revoked Key Workspace');
    const steps = stepsWith(connection.authData);
    await e2e.adminOk(204, 'DELETE', `${workspacePath(connection)}/api-keys/${connection.keyId}`);

    const newKey = { name: 'ExpiredAuthError', message: UNAUTHORIZED_MESSAGE };
    await expectEachFails(connection, newKey, [steps.testConnection, steps.newRecording, steps.findRecording]);
    const recordingId = await e2e
      .run<{
        url: string;
      }>(e2e.operation('creates', 'createRecording').perform, {
        authData: connection.authData,
        inputData: { externalReference: 'ticket-4711' },
      })
      .then(({ url }) => url.split('/').pop()!);
    // A Zap whose trigger fired before the key was revoked still has the file pointer; fetching the file now fails the same way.
    const hydrate = e2e.run(e2e.app.hydrators.videoFile, { authData: connection.authData, inputData: { recordingId } });
    await expect(zapierFailure(hydrate, secretsOf(connection))).resolves.toEqual(newKey);
  });
});
