import type { ConnectionTestResult } from '../../packages/zapier/src/authentication';
import { HOOK_NOT_CONFIGURED } from '../../packages/zapier/src/clients';
import { zapierFailure } from '../support/zapier-failure';
import { startZapierE2E, type Connection, type ZapierE2E } from './zapier/environment';

jest.setTimeout(60_000);

type AppHandler = (
  event: { command: string; bundle: Record<string, unknown> },
  context: object,
  callback: (error: unknown, output: { results: unknown }) => void,
) => void;

interface ApiAnswer {
  status: number;
  content: string;
}

let e2e: ZapierE2E;
let connection: Connection;
let other: Connection;
let handler: AppHandler;

beforeAll(async () => {
  e2e = await startZapierE2E();
  [connection, other] = await Promise.all([e2e.connectWorkspace('API Request Workspace'), e2e.connectWorkspace('Someone Else')]);
  const platform = (await import('zapier-platform-core')) as unknown as { createAppHandler: (app: unknown) => AppHandler };
  handler = platform.createAppHandler(e2e.app);
});
afterAll(async () => {
  await e2e?.stop();
});

/**
 * The built app's `request` command: what Zapier's API Request action (and Custom Actions) sends an app, where only
 * the app's beforeRequest runs, never its step code.
 */
async function apiRequest(request: Record<string, unknown>, authData: Record<string, string> = connection.authData): Promise<ApiAnswer> {
  const output = await new Promise<{ results: unknown }>((resolve, reject) =>
    handler({ command: 'request', bundle: { authData, request } }, {}, (error, answer) =>
      error ? reject(error as Error) : resolve(answer),
    ),
  );
  return output.results as ApiAnswer;
}

const restUrl = (workspaceId: string, path: string) => `${e2e.server.baseUrl}/public/integration/${workspaceId}${path}`;
const secrets = () => [connection.authData.apiKey, connection.authData.backendToken];

describe("Zapier's API Request action on the built app, against the reference server: one connection reaches every endpoint", () => {
  it("reaches the workspace's REST API with the API key the app adds: a recording created and listed by plain requests", async () => {
    const created = await apiRequest({
      url: restUrl(connection.workspaceId, '/recordings'),
      method: 'POST',
      body: { direction: 'REQUEST', tags: ['api-request-1'] },
    });
    expect(created.status).toBe(201);
    const { id } = JSON.parse(created.content) as { id: string };

    const listed = await apiRequest({ url: restUrl(connection.workspaceId, '/recordings/list'), method: 'POST', body: { ids: [id] } });

    expect(listed.status).toBe(200);
    expect((JSON.parse(listed.content) as { content: unknown[] }).content).toEqual([
      expect.objectContaining({ id, direction: 'REQUEST', tags: ['api-request-1'] }),
    ]);
  });

  it('reaches the automation hook with the backend token the app adds', async () => {
    const ping = await apiRequest({ url: `${e2e.server.baseUrl}/public/webhooks/ZAPIER`, method: 'POST', body: { action: 'PING' } });

    expect([ping.status, JSON.parse(ping.content)]).toEqual([200, expect.objectContaining({ workspace: 'API Request Workspace' })]);
  });

  it("reaches a page of the service that is neither interface, without secrets: a recording's page", async () => {
    const created = await apiRequest({
      url: restUrl(connection.workspaceId, '/recordings'),
      method: 'POST',
      body: { direction: 'REQUEST' },
    });
    const { url } = JSON.parse(created.content) as { url: string };

    const page = await apiRequest({ url });

    expect(page.status).toBe(200);
    expect(page.content).toMatch(/^<!doctype html>/i);
  });

  it("refuses another workspace's REST API before sending, saying which workspace to use", async () => {
    const url = restUrl(other.workspaceId, '/recordings/list');

    await expect(zapierFailure(apiRequest({ url, method: 'POST', body: {} }), secrets())).resolves.toEqual({
      name: 'AppError',
      code: 'REFUSED_REQUEST',
      message: `Refused a request to ${url}: the path names another workspace than the connection's: use /public/integration/${connection.workspaceId}/….`,
    });
  });

  it('refuses a path that climbs from the workspace into another before sending', async () => {
    const url = restUrl(connection.workspaceId, `/../${other.workspaceId}/recordings/list`);

    await expect(zapierFailure(apiRequest({ url, method: 'POST', body: {} }), secrets())).resolves.toEqual({
      name: 'AppError',
      code: 'REFUSED_REQUEST',
      message: `Refused a request to ${url}: the path climbs out of where it starts (\`..\`, \`.\` or an encoded slash, backslash or dot): write it plainly.`,
    });
  });
});

describe('a connection with the API key and no backend token, on the built app', () => {
  const restOnly = () => ({ baseUrl: e2e.server.baseUrl, workspaceId: connection.workspaceId, apiKey: connection.authData.apiKey });

  it('connects, named by its workspace ID', async () => {
    await expect(
      e2e.run<ConnectionTestResult>(e2e.app.authentication.test, { authData: { ...restOnly(), backendToken: '' } }),
    ).resolves.toEqual({
      workspace: connection.workspaceId,
      restApi: 'connected',
    });
  });

  it('runs a REST step (Find Tag), and Create Recording Link says to fill in the Backend Token', async () => {
    const authData = { ...restOnly(), backendToken: '' };
    const step = (kind: 'creates' | 'searches', key: string, inputData: Record<string, unknown>) =>
      e2e.run(e2e.operation(kind, key).perform, { authData, inputData });

    await apiRequest(
      { url: restUrl(connection.workspaceId, '/recordings'), method: 'POST', body: { direction: 'REQUEST', tags: ['rest-only-1'] } },
      authData,
    );

    await expect(step('searches', 'findTags', { query: 'rest-only' })).resolves.toEqual([{ tag: 'rest-only-1' }]);
    await expect(zapierFailure(step('creates', 'createRecording', { externalReference: 'ticket-4711' }))).resolves.toEqual({
      name: 'AppError',
      code: 'HOOK_NOT_CONFIGURED',
      message: HOOK_NOT_CONFIGURED,
    });
  });

  it('reaches the REST API through the API Request action, and not the hook', async () => {
    const listed = await apiRequest({ url: restUrl(connection.workspaceId, '/recordings/list'), method: 'POST', body: {} }, restOnly());
    expect(listed.status).toBe(200);

    await expect(
      zapierFailure(apiRequest({ url: `${e2e.server.baseUrl}/public/webhooks/ZAPIER`, method: 'POST' }, restOnly())),
    ).resolves.toEqual({
      name: 'AppError',
      code: 'REFUSED_REQUEST',
      message: `Refused a request to ${e2e.server.baseUrl}/public/webhooks/ZAPIER: the connection has no Backend Token, which the automation hook needs: fill it in.`,
    });
  });
});
