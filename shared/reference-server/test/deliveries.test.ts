import type { InProcessServer } from '../src/server';
import { Catcher } from '@screenrec/test-support/catcher';
import { refusingUrl, serveOnLoopback, stopServer } from '@screenrec/test-support/loopback';
import { waitUntil } from '@screenrec/test-support/wait';
import { POLL, buildQuietServer, buildWithClients, clientsOf, type Clients } from './support';

interface DeliveryJson {
  subscriptionId: string;
  recordingId: string;
  callback: string;
  payload: { result: string };
  attempts: number;
  state: string;
  lastError: string | null;
  copy: number;
}

let server: InProcessServer;
let clients: Clients;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => ({ server, clients } = await buildWithClients({ retryDelayMs: 20 })));
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
    const { backendToken } = (await clients.admin('POST', `/workspaces/${workspaceId}/integrations/${provider}`)).json as {
      backendToken: string;
    };
    tokens[provider] = backendToken;
    if (callback === undefined) continue;
    const answer = await clients.hook(provider, backendToken, { action: 'CALLBACK_SUBSCRIBE', callback });
    subscriptions[provider] = (answer.json as { subscriptionId: string }).subscriptionId;
  }
  return { workspaceId, subscriptions, tokens };
}

async function recordingIn(workspaceId: string, notifications: string[] = []): Promise<string> {
  return server.store.addRecording({
    workspaceId,
    direction: 'REQUEST',
    notifications: notifications.map((value) => ({ type: 'EMAIL', value })),
  }).id;
}

async function complete(recordingId: string): Promise<void> {
  expect((await clients.admin('POST', `/recordings/${recordingId}/status`, { status: 'COMPLETED' })).status).toBe(200);
}

async function deliveriesOf(recordingId: string): Promise<DeliveryJson[]> {
  return ((await clients.admin('GET', '/deliveries')).json as DeliveryJson[]).filter((delivery) => delivery.recordingId === recordingId);
}

/** A loopback receiver answering `statuses` in turn; stopped after the test. */
async function catcher(statuses?: number[]): Promise<Catcher & { hook: string }> {
  const started = new Catcher(statuses);
  await started.start();
  closers.push(() => started.stop());
  return Object.assign(started, { hook: `${started.url}/hooks/catch` });
}

function settled(recordingId: string, count = 1): Promise<DeliveryJson[]> {
  return waitUntil(
    `${count} finished deliveries of ${recordingId}`,
    async (note) => {
      const deliveries = note(await deliveriesOf(recordingId));
      return deliveries.length === count && deliveries.every((delivery) => delivery.state !== 'PENDING') ? deliveries : undefined;
    },
    POLL,
  );
}

/** The first delivery of a server once it has failed for good. */
function failedDelivery(of: InProcessServer) {
  return waitUntil(
    'the first delivery to fail',
    (note) => {
      const [first] = of.store.deliveries;
      return note(first)?.state === 'FAILED' ? first : undefined;
    },
    POLL,
  );
}

describe('on COMPLETED', () => {
  it('POSTs {"result": video link} as JSON to every subscription of the workspace, and only of it', async () => {
    const zapier = await catcher();
    const n8n = await catcher();
    const bystander = await catcher();
    const { workspaceId, subscriptions } = await subscribedWorkspace({ zapier: zapier.hook, n8n: n8n.hook });
    await subscribedWorkspace({ zapier: bystander.hook });
    const recordingId = await recordingIn(workspaceId);

    await complete(recordingId);
    const deliveries = await settled(recordingId, 2);

    expect(zapier.received).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/hooks/catch',
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
      }),
    ]);
    const { result } = JSON.parse(zapier.received[0]!.body) as { result: string };
    expect(zapier.received[0]!.body).toBe(JSON.stringify({ result }));
    expect(result).toMatch(new RegExp(`^${server.publicUrl}/videos/${recordingId}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    expect(n8n.received.map((call) => JSON.parse(call.body))).toEqual([{ result: expect.stringContaining(`/videos/${recordingId}?`) }]);
    expect(bystander.received).toEqual([]);
    expect(deliveries.sort((a, b) => a.callback.localeCompare(b.callback))).toEqual(
      [
        { subscriptionId: subscriptions.ZAPIER, callback: zapier.hook },
        { subscriptionId: subscriptions.N8N, callback: n8n.hook },
      ]
        .map(({ subscriptionId, callback }) => ({
          subscriptionId,
          recordingId,
          callback,
          payload: { result: expect.stringContaining(`/videos/${recordingId}?`) },
          attempts: 1,
          state: 'DELIVERED',
          lastError: null,
          copy: 1,
        }))
        .sort((a, b) => a.callback.localeCompare(b.callback)),
    );
    const video = await clients.request(result);
    expect([video.status, video.headers.get('content-type')]).toEqual([200, 'video/webm']);
    expect(video.bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
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
        text: expect.stringMatching(new RegExp(`${server.publicUrl}/videos/${recordingId}\\?expires=\\d+&signature=`)),
      })),
    );
  });

  it('does not wait for the callback: the admin call returns while the receiver is still thinking', async () => {
    const slow = await catcher();
    slow.hold();
    const { workspaceId } = await subscribedWorkspace({ zapier: slow.hook });
    const recordingId = await recordingIn(workspaceId);
    await complete(recordingId);
    expect((await deliveriesOf(recordingId)).map((delivery) => delivery.state)).toEqual(['PENDING']);
    await waitUntil('the held callback', () => (slow.held() === 1 ? true : undefined), POLL);
    expect((await deliveriesOf(recordingId)).map((delivery) => delivery.state)).toEqual(['PENDING']);
    slow.release();
    expect((await settled(recordingId)).map((delivery) => delivery.state)).toEqual(['DELIVERED']);
  });
});

describe('retries', () => {
  it('retries 5xx with exponential backoff, then succeeds', async () => {
    const flaky = await catcher([500, 502, 503, 200]);
    const { workspaceId } = await subscribedWorkspace({ n8n: flaky.hook });
    const recordingId = await recordingIn(workspaceId);
    const started = Date.now();
    await complete(recordingId);
    const [delivery] = await settled(recordingId);
    expect(delivery).toMatchObject({ attempts: 4, state: 'DELIVERED', lastError: null });
    expect(flaky.received).toHaveLength(4);
    // Each attempt signs the link afresh (its expiry may move to the next second), but it names the same video.
    const videos = flaky.received.map((call) => {
      const link = new URL((JSON.parse(call.body) as { result: string }).result);
      return `${link.origin}${link.pathname}`;
    });
    expect(new Set(videos).size).toBe(1);
    // Waits of 20, 40 and 80 ms: at least 140 ms between the first and the last attempt.
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('gives up after 5 attempts on network errors and records the last error', async () => {
    const { workspaceId } = await subscribedWorkspace({ zapier: `${await refusingUrl()}/gone` });
    const recordingId = await recordingIn(workspaceId);
    await complete(recordingId);
    expect(await settled(recordingId)).toEqual([expect.objectContaining({ attempts: 5, state: 'FAILED', lastError: 'ECONNREFUSED' })]);
  });

  it('does not retry other 4xx answers', async () => {
    const missing = await catcher([404]);
    const { workspaceId } = await subscribedWorkspace({ zapier: missing.hook });
    const recordingId = await recordingIn(workspaceId);
    await complete(recordingId);
    expect(await settled(recordingId)).toEqual([expect.objectContaining({ attempts: 1, state: 'FAILED', lastError: 'HTTP 404' })]);
    expect(missing.received).toHaveLength(1);
  });

  it('gives up on an attempt after the timeout', async () => {
    const hanging = await serveOnLoopback(() => {});
    const quick = await buildQuietServer({ retryDelayMs: 5, callbackTimeoutMs: 50 });
    closers.push(
      () => quick.close(),
      () => stopServer(hanging.server),
    );
    const recording = quick.store.addRecording({ workspaceId: quick.demo.workspaceId, direction: 'REQUEST' });
    await clientsOf(quick).hook('ZAPIER', quick.demo.tokens.ZAPIER, { action: 'CALLBACK_SUBSCRIBE', callback: `${hanging.url}/x` });
    await clientsOf(quick).admin('POST', `/recordings/${recording.id}/status`, { status: 'COMPLETED' });
    const delivery = await failedDelivery(quick);
    expect(delivery).toMatchObject({ attempts: 5, lastError: 'no answer within 50 ms' });
  });

  it('sends at most deliveriesInFlight POSTs at once; the others wait their turn without their timeout running', async () => {
    let underWay = 0;
    let most = 0;
    // Each answer takes 400 ms: six POSTs two at a time take 1.2 s, longer than the 1 s timeout of one attempt, while
    // one attempt keeps a wide margin below it on a busy machine.
    const slow = await serveOnLoopback((request, response) => {
      most = Math.max(most, ++underWay);
      request.resume();
      setTimeout(() => {
        underWay--;
        response.writeHead(200).end();
      }, 400);
    });
    const capped = await buildQuietServer({ callbackTimeoutMs: 1_000, deliveriesInFlight: 2 });
    closers.push(
      () => capped.close(),
      () => stopServer(slow.server),
    );
    for (let index = 0; index < 6; index++)
      await clientsOf(capped).hook('ZAPIER', capped.demo.tokens.ZAPIER, { action: 'CALLBACK_SUBSCRIBE', callback: `${slow.url}/${index}` });
    const recording = capped.store.addRecording({ workspaceId: capped.demo.workspaceId, direction: 'REQUEST' });
    await clientsOf(capped).admin('POST', `/recordings/${recording.id}/status`, { status: 'COMPLETED' });
    const deliveries = await waitUntil(
      'six delivered callbacks',
      async () => {
        const list = (await clientsOf(capped).admin('GET', '/deliveries')).json as DeliveryJson[];
        return list.filter((delivery) => delivery.state === 'DELIVERED').length === 6 ? list : undefined;
      },
      POLL,
    );
    expect(deliveries.map(({ state, attempts }) => ({ state, attempts }))).toEqual(Array(6).fill({ state: 'DELIVERED', attempts: 1 }));
    expect(most).toBe(2);
  });
});

describe('410 Gone', () => {
  it('removes the subscription: no later notification, and unsubscribing it fails', async () => {
    const gone = await catcher([410]);
    const { workspaceId, subscriptions, tokens } = await subscribedWorkspace({ zapier: gone.hook });
    const first = await recordingIn(workspaceId);
    await complete(first);
    expect(await settled(first)).toEqual([expect.objectContaining({ attempts: 1, state: 'GONE', lastError: 'HTTP 410' })]);

    const second = await recordingIn(workspaceId);
    await complete(second);
    expect(await deliveriesOf(second)).toEqual([]);
    expect(gone.received).toHaveLength(1);
    const unsubscribe = await clients.hook('ZAPIER', tokens.ZAPIER, {
      action: 'CALLBACK_UNSUBSCRIBE',
      subscriptionId: subscriptions.ZAPIER,
    });
    expect(unsubscribe.text).toBe('{"error":"Internal Server Error"}');
  });
});

describe('410 Gone drops what the subscription has pending', () => {
  it('none of its queued deliveries, nor one waiting for a retry, is sent: each is DROPPED; other subscriptions get theirs', async () => {
    // One attempt at a time, so the later deliveries queue behind the first; a retry waits far beyond the test.
    const serial = await buildQuietServer({ deliveriesInFlight: 1, retryDelayMs: 600_000 });
    closers.push(() => serial.close());
    const admin = clientsOf(serial).admin;
    const gone = await catcher([503, 410]);
    const kept = await catcher();
    const zapier = await clientsOf(serial).hook('ZAPIER', serial.demo.tokens.ZAPIER, { action: 'CALLBACK_SUBSCRIBE', callback: gone.hook });
    await clientsOf(serial).hook('N8N', serial.demo.tokens.N8N, { action: 'CALLBACK_SUBSCRIBE', callback: kept.hook });
    const goneId = (zapier.json as { subscriptionId: string }).subscriptionId;

    gone.hold();
    const recordings = [1, 2, 3].map(() => serial.store.addRecording({ workspaceId: serial.demo.workspaceId, direction: 'REQUEST' }).id);
    for (const id of recordings) expect((await admin('POST', `/recordings/${id}/status`, { status: 'COMPLETED' })).status).toBe(200);
    // Queued in completion order, each recording's ZAPIER delivery before its N8N one: the first ZAPIER one is held.
    await gone.waitFor(1);
    gone.release();
    // 503 (a retry is due in 10 minutes), then N8N's, then 410 for the second; the rest come after it.
    await kept.waitFor(3);
    // The receiver has the third post before the service has its answer: read the deliveries once none is pending.
    const deliveries = await waitUntil(
      'the six deliveries to finish',
      async (note) => {
        const all = note((await admin('GET', '/deliveries')).json as DeliveryJson[]);
        return all.length === 6 && all.every((delivery) => delivery.state !== 'PENDING') ? all : undefined;
      },
      POLL,
    );

    const states = deliveries.map(({ subscriptionId, recordingId, state, attempts, lastError }) => [
      subscriptionId === goneId ? 'ZAPIER' : 'N8N',
      recordings.indexOf(recordingId) + 1,
      state,
      attempts,
      lastError,
    ]);
    const dropped = 'not sent: its subscription was removed first (a 410 to another delivery, or unsubscribed)';
    expect(states.sort()).toEqual(
      [
        ['N8N', 1, 'DELIVERED', 1, null],
        ['N8N', 2, 'DELIVERED', 1, null],
        ['N8N', 3, 'DELIVERED', 1, null],
        ['ZAPIER', 1, 'DROPPED', 1, dropped],
        ['ZAPIER', 2, 'GONE', 1, 'HTTP 410'],
        ['ZAPIER', 3, 'DROPPED', 0, dropped],
      ].sort(),
    );
    expect(gone.received).toHaveLength(2);
    expect(serial.store.hasSubscription(goneId)).toBe(false);
  });

  it('a repeat due after its subscription was unsubscribed is not sent either: DROPPED when it falls due', async () => {
    const receiver = await catcher();
    const { workspaceId, subscriptions, tokens } = await subscribedWorkspace({ zapier: receiver.hook });
    await clients.admin('PATCH', '/settings', { deliveriesPerNotification: 2, repeatDeliveryDelayMs: 1_500 });
    closers.push(async () => void (await clients.admin('PATCH', '/settings', { deliveriesPerNotification: 1, repeatDeliveryDelayMs: 0 })));
    const recording = await recordingIn(workspaceId);
    await complete(recording);
    await receiver.waitFor(1);
    await clients.hook('ZAPIER', tokens.ZAPIER, { action: 'CALLBACK_UNSUBSCRIBE', subscriptionId: subscriptions.ZAPIER });
    const [first, repeat] = await settled(recording, 2);
    expect([first?.state, repeat]).toEqual([
      'DELIVERED',
      expect.objectContaining({
        copy: 2,
        state: 'DROPPED',
        attempts: 0,
        lastError: 'not sent: its subscription was removed first (a 410 to another delivery, or unsubscribed)',
      }),
    ]);
    expect(receiver.received).toHaveLength(1);
  });
});

describe('https only', () => {
  it('does not call an http callback unless --insecure-callbacks is on', async () => {
    const receiver = await catcher();
    const strict = await buildQuietServer({ insecureCallbacks: false });
    closers.push(() => strict.close());
    // Only a data file written by an --insecure-callbacks run can hold one; planted here directly.
    strict.store.addSubscription(strict.demo.workspaceId, 'ZAPIER', receiver.hook);
    const recording = strict.store.addRecording({ workspaceId: strict.demo.workspaceId, direction: 'REQUEST' });
    await clientsOf(strict).admin('POST', `/recordings/${recording.id}/status`, { status: 'COMPLETED' });
    const delivery = await failedDelivery(strict);
    expect(delivery).toMatchObject({
      attempts: 0,
      lastError: 'the callback is not https (start the server with --insecure-callbacks to allow http)',
    });
    expect(receiver.received).toEqual([]);
  });
});
