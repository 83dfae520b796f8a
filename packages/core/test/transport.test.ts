import type { Server } from 'node:http';
import {
  HookClient,
  RestClient,
  createFetchTransport,
  timedOutMessage,
  transportFailureMessage,
  unreachableMessage,
  type Transport,
} from 'screenrec';
import { refusingUrl, serveOnLoopback, stopServer } from '@screenrec/test-support/loopback';
import {
  API_KEY,
  BACKEND_TOKEN,
  BASE_URL,
  RECORDING_ID,
  WORKSPACE_ID,
  expectNoSecretsInThrownErrors,
  failureOf,
  hookClient,
  resetSleeps,
  restClient,
  sleeps,
} from './fixtures';

// No nock here: these tests talk to a real loopback server through Node's own fetch.
beforeEach(resetSleeps);
afterAll(expectNoSecretsInThrownErrors);

describe('fetch transport', () => {
  let server: Server;
  let baseUrl: string;
  const sockets = new Set<number>();

  beforeAll(async () => {
    ({ server, url: baseUrl } = await serveOnLoopback((request, response) => {
      sockets.add(request.socket.remotePort ?? 0);
      if (request.url?.startsWith('/slow')) return; // never answers: the client must time out
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ status: 'success', workspace: 'Loopback' }));
    }));
  });

  afterAll(() => stopServer(server));

  it('reuses kept-alive connections across sequential calls', async () => {
    sockets.clear();
    const client = new HookClient({ baseUrl, backendToken: BACKEND_TOKEN, provider: 'N8N' });
    for (let i = 0; i < 5; i++) await expect(client.ping()).resolves.toEqual({ status: 'success', workspace: 'Loopback' });
    expect(sockets.size).toBeLessThanOrEqual(2);
  });

  it('times out a request that never answers, with a NETWORK error that says so', async () => {
    const client = new HookClient({
      baseUrl: `${baseUrl}/slow`,
      backendToken: BACKEND_TOKEN,
      provider: 'N8N',
      timeoutMs: 150,
      maxRetries: 0,
    });
    const error = await failureOf(client.ping());
    expect(error).toMatchObject({
      code: 'NETWORK',
      retryable: true,
      message: timedOutMessage(baseUrl, 150),
    });
  });

  it('reports a refused connection as NETWORK, retried for idempotent calls', async () => {
    const refusing = await refusingUrl();
    const error = await failureOf(hookClient({ baseUrl: refusing, transport: createFetchTransport() }).ping());
    expect(error).toMatchObject({ code: 'NETWORK', message: unreachableMessage(refusing, 'ECONNREFUSED') });
    expect(sleeps).toHaveLength(3);
  });

  it('times out on the default 30 s setting unless told otherwise', async () => {
    const seen: number[] = [];
    const transport: Transport = async (request) => {
      seen.push(request.timeoutMs);
      return { status: 200, headers: {}, body: '{"status":"success","workspace":"W"}' };
    };
    await new HookClient({ baseUrl: BASE_URL, backendToken: BACKEND_TOKEN, provider: 'ZAPIER', transport }).ping();
    expect(seen).toEqual([30_000]);
  });
});

describe('secrets', () => {
  it('scrubs a secret that a platform transport put in its failure text', async () => {
    const leaky: Transport = async (request) => {
      throw new Error(`request failed: ${JSON.stringify(request.headers)}`);
    };
    const hookError = await failureOf(hookClient({ transport: leaky, maxRetries: 0 }).ping());
    expect(hookError.code).toBe('NETWORK');
    expect(hookError.message).toContain('[redacted]');
    const restError = await failureOf(restClient({ transport: leaky, maxRetries: 0 }).getVideoUrl(RECORDING_ID));
    expect(restError.message).toBe(
      transportFailureMessage('request failed: {"accept":"application/json","authorization":"Bearer [redacted]"}'),
    );
  });

  it('keeps secrets out of the client objects printed in a log', async () => {
    const { inspect } = await import('node:util');
    const hook = hookClient();
    const rest = new RestClient({ baseUrl: BASE_URL, workspaceId: WORKSPACE_ID, apiKey: API_KEY });
    expect(JSON.stringify(hook)).not.toContain(BACKEND_TOKEN);
    expect(JSON.stringify(rest)).not.toContain(API_KEY);
    expect(inspect(hook, { depth: Infinity })).not.toContain(BACKEND_TOKEN);
    expect(inspect(rest, { depth: Infinity })).not.toContain(API_KEY);
  });
});
