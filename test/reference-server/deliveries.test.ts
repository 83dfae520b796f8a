import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningServer } from '../../shared/reference-server/src/server';
import { clientsOf, startCatcher, startQuietServer, waitFor } from './support';

interface DeliveryJson {
  subscriptionId: string;
  recordingId: string;
  callback: string;
  payload: { result: string };
  attempts: number;
  state: string;
  lastError: string | null;
}

let server: RunningServer;
let clients: ReturnType<typeof clientsOf>;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  server = await startQuietServer({ retryDelayMs: 20 });
  clients = clientsOf(server);
});
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});
afterAll(() => server.close());

/** A workspace with both integrations, each subscribed to its own callback URL. */
async function subscribedWorkspace(callbacks: { zapier?: string; n8n?: string }) {
  const { workspaceId } = (await clients.admin('POST', '/workspaces', { name: 'Hooked' })).json as { workspaceId: string };
  const subscriptions: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  for (const [provider, callback] of [
    ['ZAPIER', callbacks.zapier],
    ['N8N', callbacks.n8n],
  ] as const) {
    const { backendToken } = (await clients.admin('POST', `/workspaces/${workspaceId}/integrations/${provider}`)).json as { backendToken: string };
    tokens[provider] = backendToken;
    if (callback === undefined) continue;
    const answer = await clients.hook(provider, backendToken, { action: 'CALLBACK_SUBSCRIBE', callback });
    subscriptions[provider] = (answer.json as { subscriptionId: string }).subscriptionId;
  }
  return { workspaceId, subscriptions, tokens };
}

async function recordingIn(workspaceId: string, notifications: string[] = []): Promise<string> {
  return server.store.addRecording({ workspaceId, direction: 'REQUEST', notifications: notifications.map((value) => ({ type: 'EMAIL', value })) }).id;
}

async function complete(recordingId: string): Promise<void> {
  expect((await clients.admin('POST', `/recordings/${recordingId}/status`, { status: 'COMPLETED' })).status).toBe(200);
}

async function deliveriesOf(recordingId: string): Promise<DeliveryJson[]> {
  return ((await clients.admin('GET', '/deliveries')).json as DeliveryJson[]).filter((delivery) => delivery.recordingId === recordingId);
}

function settled(recordingId: string, count = 1): Promise<DeliveryJson[]> {
  return waitFor(async () => {
    const deliveries = await deliveriesOf(recordingId);
    return deliveries.length === count && deliveries.every((delivery) => delivery.state !== 'PENDING') ? deliveries : undefined;
  });
}

describe('on COMPLETED', () => {
  it('POSTs {"result": video link} as JSON to every subscription of the workspace, and only of it', async () => {
    const zapier = await startCatcher();
    const n8n = await startCatcher();
    const bystander = await startCatcher();
    closers.push(zapier.close, n8n.close, bystander.close);
    const { workspaceId, subscriptions } = await subscribedWorkspace({ zapier: zapier.url, n8n: n8n.url });
    await subscribedWorkspace({ zapier: bystander.url });
    const recordingId = await recordingIn(workspaceId);

    await complete(recordingId);
    const deliveries = await settled(recordingId, 2);

    expect(zapier.calls).toEqual([{ method: 'POST', url: '/hooks/catch', contentType: 'application/json', body: expect.any(String) }]);
    const { result } = JSON.parse(zapier.calls[0]!.body) as { result: string };
    expect(zapier.calls[0]!.body).toBe(JSON.stringify({ result }));
    expect(result).toMatch(new RegExp(`^${server.baseUrl}/videos/${recordingId}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    expect(n8n.calls.map((call) => JSON.parse(call.body))).toEqual([{ result: expect.stringContaining(`/videos/${recordingId}?`) }]);
    expect(bystander.calls).toEqual([]);
    expect(deliveries.sort((a, b) => a.callback.localeCompare(b.callback))).toEqual(
      [
        { subscriptionId: subscriptions.ZAPIER, callback: zapier.url },
        { subscriptionId: subscriptions.N8N, callback: n8n.url },
      ]
        .map(({ subscriptionId, callback }) => ({
          subscriptionId,
          recordingId,
          callback,
          payload: { result: expect.stringContaining(`/videos/${recordingId}?`) },
          attempts: 1,
          state: 'DELIVERED',
          lastError: null,
        }))
        .sort((a, b) => a.callback.localeCompare(b.callback)),
    );
    const video = await fetch(result);
    expect([video.status, video.headers.get('content-type')]).toEqual([200, 'video/webm']);
    expect(Buffer.from(await video.arrayBuffer()).subarray(0, 4).toString('hex')).toBe('1a45dfa3');
  });

  it("e-mails the recording's notification addresses through the outbox", async () => {
    const { workspaceId } = await subscribedWorkspace({});
    const recordingId = await recordingIn(workspaceId, ['lead@example.com', 'boss@example.com']);
    await complete(recordingId);
    const outbox = (await clients.admin('GET', '/outbox')).json as Array<{ to: string; subject: string; text: string }>;
    const mails = outbox.filter((mail) => mail.text.includes(recordingId));
    expect(mails).toEqual(
      ['lead@example.com', 'boss@example.com'].map((to) => ({
        to,
        subject: 'A recording is ready',
        text: expect.stringMatching(new RegExp(`${server.baseUrl}/videos/${recordingId}\\?expires=\\d+&signature=`)),
      })),
    );
  });

  it('does not wait for the callback: the admin call returns while the receiver is still thinking', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = createServer((_request, response) => void gate.then(() => response.end()));
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => slow.close(() => resolve())));
    closers.push(async () => release());
    const { workspaceId } = await subscribedWorkspace({ zapier: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/slow` });
    const recordingId = await recordingIn(workspaceId);
    await complete(recordingId);
    expect((await deliveriesOf(recordingId)).map((delivery) => delivery.state)).toEqual(['PENDING']);
    release();
    expect((await settled(recordingId)).map((delivery) => delivery.state)).toEqual(['DELIVERED']);
  });
});

describe('retries', () => {
  it('retries 5xx with exponential backoff, then succeeds', async () => {
    const catcher = await startCatcher([500, 502, 503, 200]);
    closers.push(catcher.close);
    const { workspaceId } = await subscribedWorkspace({ n8n: catcher.url });
    const recordingId = await recordingIn(workspaceId);
    const started = Date.now();
    await complete(recordingId);
    const [delivery] = await waitFor(async () => {
      const deliveries = await deliveriesOf(recordingId);
      return deliveries[0]?.state === 'DELIVERED' ? deliveries : undefined;
    });
    expect(delivery).toMatchObject({ attempts: 4, state: 'DELIVERED', lastError: null });
    expect(catcher.calls).toHaveLength(4);
    // Each attempt signs the link afresh (its expiry may move to the next second), but it names the same video.
    const videos = catcher.calls.map((call) => {
      const link = new URL((JSON.parse(call.body) as { result: string }).result);
      return `${link.origin}${link.pathname}`;
    });
    expect(new Set(videos).size).toBe(1);
    // Waits of 20, 40 and 80 ms: at least 140 ms between the first and the last attempt.
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('gives up after 5 attempts on network errors and records the last error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { workspaceId } = await subscribedWorkspace({ zapier: `http://127.0.0.1:${port}/gone` });
    const recordingId = await recordingIn(workspaceId);
    await complete(recordingId);
    expect(await settled(recordingId)).toEqual([expect.objectContaining({ attempts: 5, state: 'FAILED', lastError: 'ECONNREFUSED' })]);
  });

  it('does not retry other 4xx answers', async () => {
    const catcher = await startCatcher([404]);
    closers.push(catcher.close);
    const { workspaceId } = await subscribedWorkspace({ zapier: catcher.url });
    const recordingId = await recordingIn(workspaceId);
    await complete(recordingId);
    expect(await settled(recordingId)).toEqual([expect.objectContaining({ attempts: 1, state: 'FAILED', lastError: 'HTTP 404' })]);
    expect(catcher.calls).toHaveLength(1);
  });

  it('gives up on an attempt after the timeout', async () => {
    const hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const quick = await startQuietServer({ retryDelayMs: 5, callbackTimeoutMs: 50 });
    closers.push(() => quick.close(), () => new Promise<void>((resolve) => { hanging.closeAllConnections(); hanging.close(() => resolve()); }));
    const recording = quick.store.addRecording({ workspaceId: quick.demo.workspaceId, direction: 'REQUEST' });
    await clientsOf(quick).hook('ZAPIER', quick.demo.tokens.ZAPIER, { action: 'CALLBACK_SUBSCRIBE', callback: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/x` });
    await clientsOf(quick).admin('POST', `/recordings/${recording.id}/status`, { status: 'COMPLETED' });
    const delivery = await waitFor(() => (quick.store.deliveries[0]?.state === 'FAILED' ? quick.store.deliveries[0] : undefined));
    expect(delivery).toMatchObject({ attempts: 5, lastError: 'no answer within 50 ms' });
  });
});

describe('410 Gone', () => {
  it('removes the subscription: no later notification, and unsubscribing it fails', async () => {
    const catcher = await startCatcher([410]);
    closers.push(catcher.close);
    const { workspaceId, subscriptions, tokens } = await subscribedWorkspace({ zapier: catcher.url });
    const first = await recordingIn(workspaceId);
    await complete(first);
    expect(await settled(first)).toEqual([expect.objectContaining({ attempts: 1, state: 'GONE', lastError: 'HTTP 410' })]);

    const second = await recordingIn(workspaceId);
    await complete(second);
    expect(await deliveriesOf(second)).toEqual([]);
    expect(catcher.calls).toHaveLength(1);
    const unsubscribe = await clients.hook('ZAPIER', tokens.ZAPIER, { action: 'CALLBACK_UNSUBSCRIBE', subscriptionId: subscriptions.ZAPIER });
    expect(unsubscribe.text).toBe('{"error":"Internal Server Error"}');
  });
});

describe('https only', () => {
  it('does not call an http callback unless --insecure-callbacks is on', async () => {
    const catcher = await startCatcher();
    const strict = await startQuietServer({ insecureCallbacks: false });
    closers.push(catcher.close, () => strict.close());
    // Only a data file written by an --insecure-callbacks run can hold one; planted here directly.
    strict.store.addSubscription(strict.demo.workspaceId, 'ZAPIER', catcher.url);
    const recording = strict.store.addRecording({ workspaceId: strict.demo.workspaceId, direction: 'REQUEST' });
    await clientsOf(strict).admin('POST', `/recordings/${recording.id}/status`, { status: 'COMPLETED' });
    const delivery = await waitFor(() => (strict.store.deliveries[0]?.state === 'FAILED' ? strict.store.deliveries[0] : undefined));
    expect(delivery).toMatchObject({ attempts: 0, lastError: 'the callback is not https (start the server with --insecure-callbacks to allow http)' });
    expect(catcher.calls).toEqual([]);
  });
});
