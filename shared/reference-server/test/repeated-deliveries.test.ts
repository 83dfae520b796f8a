import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parseOptions } from '../src/options';
import type { InProcessServer, ServerOptions } from '../src/server';
import { Catcher, type CaughtRequest } from '@screenrec/test-support/catcher';
import { refusingUrl, serveOnLoopback, stopServer } from '@screenrec/test-support/loopback';
import { startReferenceServer } from '@screenrec/test-support/reference-server';
import { waitUntil } from '@screenrec/test-support/wait';
import { POLL, buildQuietServer, buildWithClients, clientsOf, type Clients } from './support';

/** --deliveries-per-notification: one notification sent N times, as an at-least-once sender may. */

interface DeliveryJson {
  subscriptionId: string;
  recordingId: string;
  payload: { result: string };
  attempts: number;
  state: string;
  lastError: string | null;
  copy: number;
}

const servers: InProcessServer[] = [];
const catchers: Array<Pick<Catcher, 'stop'>> = [];
afterEach(async () => {
  await Promise.all(catchers.splice(0).map((catcher) => catcher.stop()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serverWith(options: ServerOptions): Promise<{ server: InProcessServer; clients: Clients }> {
  const built = await buildWithClients(options);
  servers.push(built.server);
  return built;
}

async function catcher(statuses?: number[]): Promise<Catcher> {
  const started = new Catcher(statuses);
  await started.start();
  catchers.push(started);
  return started;
}

/** Subscribes each callback through the demo workspace's Zapier integration; completes a new recording of it. */
async function completeWith(server: InProcessServer, clients: Clients, callbacks: string[]): Promise<string> {
  for (const callback of callbacks) {
    const answer = await clients.hook('ZAPIER', server.demo.tokens.ZAPIER, { action: 'CALLBACK_SUBSCRIBE', callback });
    expect(answer.status).toBe(200);
  }
  const { id } = server.store.addRecording({ workspaceId: server.demo.workspaceId, direction: 'REQUEST' });
  expect((await clients.admin('POST', `/recordings/${id}/status`, { status: 'COMPLETED' })).status).toBe(200);
  return id;
}

/** The delivery log of one recording once `count` deliveries are in it and none is pending. */
function settled(clients: Clients, recordingId: string, count: number): Promise<DeliveryJson[]> {
  return waitUntil(
    `${count} finished deliveries of ${recordingId}`,
    async (note) => {
      const all = ((await clients.admin('GET', '/deliveries')).json as DeliveryJson[]).filter(
        (delivery) => delivery.recordingId === recordingId,
      );
      return note(all).length === count && all.every((delivery) => delivery.state !== 'PENDING') ? all : undefined;
    },
    { ...POLL, timeoutMs: 10_000 },
  );
}

/**
 * A receiver that answers its first request at once and holds every later one until release(): what the delivery log
 * shows in between does not depend on when it is read. Stopped after the test.
 */
async function answeringOnlyTheFirst() {
  const received: Array<Pick<CaughtRequest, 'body'> & { at: number }> = [];
  const held: ServerResponse[] = [];
  const waiting: Array<{ count: number; arrived: () => void }> = [];
  const { server, url } = await serveOnLoopback((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ body, at: performance.now() });
      if (received.length === 1) response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      else held.push(response);
      for (const waiter of waiting) if (received.length >= waiter.count) waiter.arrived();
    });
  });
  const release = () => {
    for (const response of held.splice(0)) response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  };
  catchers.push({
    stop: async () => {
      for (const response of held.splice(0)) response.destroy();
      await stopServer(server);
    },
  });
  /** Resolves once `count` requests have arrived. */
  const arrivals = (count: number) =>
    new Promise<void>((arrived) => (received.length >= count ? arrived() : waiting.push({ count, arrived })));
  return { url, received, release, arrivals };
}

/** The video a caught notification names: its link without the signed query string. */
function videoOf(request: Pick<CaughtRequest, 'body'>): string {
  const link = new URL((JSON.parse(request.body) as { result: string }).result);
  return `${link.origin}${link.pathname}`;
}

describe('--deliveries-per-notification', () => {
  it('sends each subscription N separate POSTs naming the same video, each answered and logged', async () => {
    const { server, clients } = await serverWith({ deliveriesPerNotification: 3 });
    const zap = await catcher();
    const workflow = await catcher();
    const recordingId = await completeWith(server, clients, [`${zap.url}/zap`, `${workflow.url}/workflow`]);

    const deliveries = await settled(clients, recordingId, 6);
    for (const receiver of [zap, workflow]) {
      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map(videoOf))).toEqual(new Set([`${server.publicUrl}/videos/${recordingId}`]));
    }
    const subscriptions = [...new Set(deliveries.map((delivery) => delivery.subscriptionId))];
    expect(subscriptions).toHaveLength(2);
    for (const copies of subscriptions.map((id) => deliveries.filter((delivery) => delivery.subscriptionId === id))) {
      expect(
        copies.map(({ copy, attempts, state, lastError }) => ({ copy, attempts, state, lastError })).sort((a, b) => a.copy - b.copy),
      ).toEqual([1, 2, 3].map((copy) => ({ copy, attempts: 1, state: 'DELIVERED', lastError: null })));
    }
  });

  it('sends one POST per subscription without it', async () => {
    const { server, clients } = await serverWith({});
    const zap = await catcher();
    const recordingId = await completeWith(server, clients, [`${zap.url}/zap`]);
    expect((await settled(clients, recordingId, 1)).map(({ copy, state }) => [copy, state])).toEqual([[1, 'DELIVERED']]);
    expect(zap.received).toHaveLength(1);
  });

  it('retries each copy on its own: 5xx answers, then success', async () => {
    // The catcher holds both copies' first attempts until both are in, so they get the two 503s; a retry is sent only
    // after its copy's answer, so the retries get the 200s, however the two copies' timing falls.
    const { server, clients } = await serverWith({ deliveriesPerNotification: 2 });
    const flaky = await catcher([503, 503, 200]);
    flaky.hold();
    const recordingId = await completeWith(server, clients, [`${flaky.url}/flaky`]);
    await flaky.waitFor(2);
    flaky.release();
    const deliveries = await settled(clients, recordingId, 2);
    expect(deliveries.map(({ copy, attempts, state }) => ({ copy, attempts, state })).sort((a, b) => a.copy - b.copy)).toEqual([
      { copy: 1, attempts: 2, state: 'DELIVERED' },
      { copy: 2, attempts: 2, state: 'DELIVERED' },
    ]);
    expect(flaky.received).toHaveLength(4);
    expect(new Set(flaky.received.map(videoOf)).size).toBe(1);
  });

  it('retries each copy on its own: network errors, up to 5 attempts each', async () => {
    const { server, clients } = await serverWith({ deliveriesPerNotification: 2, retryDelayMs: 5 });
    const recordingId = await completeWith(server, clients, [`${await refusingUrl()}/gone`]);
    const deliveries = await settled(clients, recordingId, 2);
    expect(
      deliveries.map(({ copy, attempts, state, lastError }) => ({ copy, attempts, state, lastError })).sort((a, b) => a.copy - b.copy),
    ).toEqual([1, 2].map((copy) => ({ copy, attempts: 5, state: 'FAILED', lastError: 'ECONNREFUSED' })));
  });

  it('with --repeat-delivery-delay-ms, sends the repeat that long after the first, once the first was answered', async () => {
    const { server, clients } = await serverWith({ deliveriesPerNotification: 2, repeatDeliveryDelayMs: 800 });
    // The first copy is answered at once, the repeat held until released: however late the log is read, the first is
    // DELIVERED and the repeat still PENDING without an attempt.
    const zap = await answeringOnlyTheFirst();
    const completing = performance.now();
    const recordingId = await completeWith(server, clients, [`${zap.url}/zap`]);
    const early = await waitUntil(
      'the first copy delivered',
      async (note) => {
        const log = note(
          ((await clients.admin('GET', '/deliveries')).json as DeliveryJson[]).filter((delivery) => delivery.recordingId === recordingId),
        );
        return log.some((delivery) => delivery.copy === 1 && delivery.state === 'DELIVERED') ? log : undefined;
      },
      POLL,
    );
    expect(early.map(({ copy, state, attempts }) => [copy, state, attempts]).sort()).toEqual([
      [1, 'DELIVERED', 1],
      [2, 'PENDING', 0],
    ]);
    await zap.arrivals(2);
    // Measured from before the completion that set the repeat's timer, which is never early: a busy machine only
    // lengthens it. Less 100 ms for the clocks (timers count from the event loop's coarse one).
    expect(zap.received[1]!.at - completing).toBeGreaterThanOrEqual(700);
    zap.release();
    expect(new Set(zap.received.map(videoOf)).size).toBe(1);
    expect((await settled(clients, recordingId, 2)).every((delivery) => delivery.state === 'DELIVERED')).toBe(true);
  });
});

describe('PATCH /admin/settings', () => {
  it('shows the settings, changes them for later completions, and refuses values out of bounds', async () => {
    const { server, clients } = await serverWith({});
    expect((await clients.admin('GET', '/settings')).json).toEqual({ deliveriesPerNotification: 1, repeatDeliveryDelayMs: 0 });

    const changed = await clients.admin('PATCH', '/settings', { deliveriesPerNotification: 2 });
    expect([changed.status, changed.json]).toEqual([200, { deliveriesPerNotification: 2, repeatDeliveryDelayMs: 0 }]);
    const zap = await catcher();
    const twice = await completeWith(server, clients, [`${zap.url}/zap`]);
    expect((await settled(clients, twice, 2)).map((delivery) => delivery.copy).sort()).toEqual([1, 2]);

    await clients.admin('PATCH', '/settings', { deliveriesPerNotification: 1 });
    const { id: once } = server.store.addRecording({ workspaceId: server.demo.workspaceId, direction: 'REQUEST' });
    await clients.admin('POST', `/recordings/${once}/status`, { status: 'COMPLETED' });
    expect((await settled(clients, once, 1)).map((delivery) => delivery.copy)).toEqual([1]);
    expect(zap.received).toHaveLength(3);

    for (const [body, path] of [
      [{ deliveriesPerNotification: 0 }, 'deliveriesPerNotification'],
      [{ deliveriesPerNotification: 6 }, 'deliveriesPerNotification'],
      [{ deliveriesPerNotification: 1.5 }, 'deliveriesPerNotification'],
      [{ repeatDeliveryDelayMs: 60_001 }, 'repeatDeliveryDelayMs'],
      [{ retries: 3 }, ''],
    ] as const) {
      const refused = await clients.admin('PATCH', '/settings', body);
      expect([refused.status, (refused.json as { errors: Array<{ path: string }> }).errors.map((error) => error.path)]).toEqual([
        400,
        [path],
      ]);
    }
    expect((await clients.admin('GET', '/settings')).json).toEqual({ deliveriesPerNotification: 1, repeatDeliveryDelayMs: 0 });
  });

  it('needs the admin token', async () => {
    const server = await buildQuietServer({ failedAuthPerMinute: 1_000 });
    servers.push(server);
    for (const method of ['GET', 'PATCH']) {
      const answer = await clientsOf(server).request('/admin/settings', {
        method,
        body: method === 'PATCH' ? { deliveriesPerNotification: 5 } : undefined,
      });
      expect([answer.status, answer.text]).toEqual([401, '{"message":"Unauthorized"}']);
    }
    expect(server.store.deliveries).toEqual([]);
    expect((await clientsOf(server).admin('GET', '/settings')).json).toEqual({ deliveriesPerNotification: 1, repeatDeliveryDelayMs: 0 });
  });
});

describe('the flags', () => {
  it('read --deliveries-per-notification and --repeat-delivery-delay-ms, or their variables, within bounds', async () => {
    expect(parseOptions([], {})).toMatchObject({ deliveriesPerNotification: 1, repeatDeliveryDelayMs: 0 });
    expect(parseOptions(['--deliveries-per-notification', '2', '--repeat-delivery-delay-ms', '250'], {})).toMatchObject({
      deliveriesPerNotification: 2,
      repeatDeliveryDelayMs: 250,
    });
    expect(parseOptions([], { DELIVERIES_PER_NOTIFICATION: '3', REPEAT_DELIVERY_DELAY_MS: '10' })).toMatchObject({
      deliveriesPerNotification: 3,
      repeatDeliveryDelayMs: 10,
    });
    expect(parseOptions(['--deliveries-per-notification', '2'], { DELIVERIES_PER_NOTIFICATION: '4' })).toMatchObject({
      deliveriesPerNotification: 2,
    });
    expect(() => parseOptions(['--deliveries-per-notification', '0'], {})).toThrow(
      '--deliveries-per-notification must be a whole number from 1 to 5, not "0"',
    );
    expect(() => parseOptions(['--deliveries-per-notification', '6'], {})).toThrow('from 1 to 5');
    expect(() => parseOptions(['--repeat-delivery-delay-ms', '60001'], {})).toThrow(
      '--repeat-delivery-delay-ms must be a whole number from 0 to 60000',
    );
    await expect(buildQuietServer({ deliveriesPerNotification: 9 })).rejects.toThrow(
      'deliveriesPerNotification must be a whole number from 1 to 5, not 9',
    );
  });

  // A process of its own, which support gives 15 s to start: on a loaded machine more than jest's 5 s per test.
  it('reach the built server as `npm start -- --deliveries-per-notification 2` passes them', async () => {
    const child = await startReferenceServer({ args: ['--deliveries-per-notification', '2', '--repeat-delivery-delay-ms', '25'] });
    try {
      expect(await child.adminOk(200, 'GET', '/admin/settings')).toEqual({ deliveriesPerNotification: 2, repeatDeliveryDelayMs: 25 });
    } finally {
      await child.stop();
    }
  }, 30_000);
});
