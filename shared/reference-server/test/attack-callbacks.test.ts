// Attack suite, callbacks: where CALLBACK_SUBSCRIBE may point, checked at subscribe and again at the
// moment a delivery connects, and how many subscriptions one integration may hold. Loopback only: every refused
// address below is refused before any packet leaves, and the resolver is a fixed table (no DNS query is sent).
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { LIMITS, SUBSCRIPTION_LIMIT_MESSAGE } from '../src/limits';
import type { InProcessServer } from '../src/server';
import { serveOnLoopback, stopServer } from '@screenrec/test-support/loopback';
import { waitUntil } from '@screenrec/test-support/wait';
import { POLL, buildQuietServer, clientsOf, fixedResolver } from './support';

const subscribe = (callback: string) => ({ action: 'CALLBACK_SUBSCRIBE', callback });
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

async function started(options: Parameters<typeof buildQuietServer>[0]): Promise<InProcessServer> {
  const server = await buildQuietServer(options);
  closers.push(() => server.close());
  return server;
}

/** A TCP listener that only counts connections: proof that nothing reached an address that was refused. */
async function connectionCounter(): Promise<{ port: number; connections: () => number }> {
  let count = 0;
  const server: Server = createServer((socket) => {
    count++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.address() as AddressInfo).port, connections: () => count };
}

const NON_PUBLIC_HTTPS = [
  'https://127.0.0.1/x',
  'https://127.1/x',
  'https://2130706433/x',
  'https://0x7f.1/x',
  'https://0x7f000001/x',
  'https://0177.0.0.1/x',
  'https://127.255.255.254:8443/x',
  'https://[::1]/x',
  'https://[0:0:0:0:0:0:0:1]/x',
  'https://[::ffff:127.0.0.1]/x',
  'https://[::ffff:7f00:1]/x',
  'https://localhost/x',
  'https://LOCALHOST./x',
  'https://api.localhost/x',
  'https://169.254.169.254/latest/meta-data/',
  'https://[::ffff:169.254.169.254]/x',
  'https://[fe80::1]/x',
  'https://10.0.0.1/x',
  'https://10.255.255.255/x',
  'https://172.16.0.1/x',
  'https://172.31.255.254/x',
  'https://192.168.1.1/x',
  'https://[::ffff:192.168.1.1]/x',
  'https://100.64.0.1/x',
  'https://100.127.255.254/x',
  'https://224.0.0.1/x',
  'https://239.255.255.250/x',
  'https://[ff02::1]/x',
  'https://0.0.0.0/x',
  'https://0/x',
  'https://[::]/x',
  'https://255.255.255.255/x',
  'https://[fc00::1]/x',
  'https://[fd12:3456:789a::1]/x',
  'https://[64:ff9b::7f00:1]/x',
  'https://[2002:7f00:1::]/x',
  'https://[::127.0.0.1]/x',
  'https://198.18.0.1/x',
];

describe('CALLBACK_SUBSCRIBE without --insecure-callbacks', () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await buildQuietServer({
      insecureCallbacks: false,
      resolveHost: fixedResolver({
        'loopback.test': ['127.0.0.1'],
        'metadata.test': ['169.254.169.254'],
        'mixed.test': ['93.184.216.34', '10.0.0.5'],
        'mapped.test': ['::ffff:192.168.0.1'],
        'cgnat.test': ['100.100.100.100'],
        'v6private.test': ['fd00::5'],
        'public.test': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
      }),
    });
  });
  afterAll(() => server.close());
  const hook = (body: unknown) => clientsOf(server).hook('ZAPIER', server.demo.tokens.ZAPIER, body);

  it.each(NON_PUBLIC_HTTPS)('refuses %s with 400 naming the callback, and stores nothing', async (callback) => {
    const answer = await hook(subscribe(callback));
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      message: 'Bad request',
      errors: [{ path: 'callback', message: expect.stringMatching(/^the callback host .+ is refused: /) }],
    });
    expect(server.store.subscriptionsOf(server.demo.workspaceId)).toEqual([]);
  });

  it.each([
    ['loopback.test', '127.0.0.1'],
    ['metadata.test', '169.254.169.254'],
    ['mixed.test', '10.0.0.5'],
    ['mapped.test', '::ffff:192.168.0.1'],
    ['cgnat.test', '100.100.100.100'],
    ['v6private.test', 'fd00::5'],
  ])('refuses the name %s, which resolves to %s', async (name, address) => {
    const answer = await hook(subscribe(`https://${name}/hooks/catch`));
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain(`it resolves to ${address}`);
    expect(server.store.subscriptionsOf(server.demo.workspaceId)).toEqual([]);
  });

  it('refuses http even to a public address', async () => {
    expect((await hook(subscribe('http://93.184.216.34/x'))).text).toBe('{"message":"Bad request"}');
  });

  it('accepts public addresses and names (nothing is sent at subscribe), and a name that does not resolve yet', async () => {
    for (const callback of [
      'https://93.184.216.34/x',
      'https://[2606:4700:4700::1111]/x',
      'https://public.test/x',
      'https://not-yet.test/x',
    ]) {
      const answer = await hook(subscribe(callback));
      expect(answer.json).toEqual({ subscriptionId: expect.any(String) });
      await hook({ action: 'CALLBACK_UNSUBSCRIBE', subscriptionId: (answer.json as { subscriptionId: string }).subscriptionId });
    }
  });

  it('resolves names only for a caller with a valid token (a bad token is refused first)', async () => {
    const answer = await clientsOf(server).hook('ZAPIER', 'srt_wrong', subscribe('https://loopback.test/x'));
    expect([answer.status, answer.text]).toEqual([403, '{"message":"Forbidden"}']);
  });
});

describe('--insecure-callbacks adds http and loopback, nothing else', () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await buildQuietServer({ insecureCallbacks: true, resolveHost: fixedResolver({ 'private.test': ['192.168.7.7'] }) });
  });
  afterAll(() => server.close());
  const hook = (body: unknown) => clientsOf(server).hook('N8N', server.demo.tokens.N8N, body);

  it.each([
    'http://127.0.0.1:9/x',
    'http://127.1:9/x',
    'http://[::1]:9/x',
    'http://[::ffff:127.0.0.1]:9/x',
    'http://localhost:9/x',
    'https://127.0.0.1/x',
  ])('accepts the loopback callback %s', async (callback) => {
    expect((await hook(subscribe(callback))).json).toEqual({ subscriptionId: expect.any(String) });
  });

  it.each([
    'http://10.0.0.1/x',
    'http://192.168.0.10/x',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/x',
    'http://0.0.0.0:9/x',
    'http://[fe80::1]/x',
    'http://224.0.0.251/x',
    'http://private.test/x',
  ])('still refuses %s', async (callback) => {
    expect((await hook(subscribe(callback))).status).toBe(400);
  });
});

describe('at delivery', () => {
  it('checks the address a name resolves to when it connects: a name that turned to loopback is never called', async () => {
    const counter = await connectionCounter();
    const table: Record<string, string[]> = { 'rebind.test': ['93.184.216.34'] };
    const server = await started({ insecureCallbacks: false, resolveHost: fixedResolver(table) });
    const { hook, admin } = clientsOf(server);
    expect((await hook('ZAPIER', server.demo.tokens.ZAPIER, subscribe(`https://rebind.test:${counter.port}/x`))).json).toEqual({
      subscriptionId: expect.any(String),
    });
    table['rebind.test'] = ['127.0.0.1'];
    const recording = server.store.addRecording({ workspaceId: server.demo.workspaceId, direction: 'REQUEST' });
    await admin('POST', `/recordings/${recording.id}/status`, { status: 'COMPLETED' });
    const delivery = await waitUntil(
      'the delivery to fail',
      (note) => (note(server.store.deliveries[0])?.state === 'FAILED' ? server.store.deliveries[0] : undefined),
      POLL,
    );
    expect(delivery).toMatchObject({
      attempts: 1,
      lastError: 'callback host rebind.test refused: it resolves to 127.0.0.1: it is a loopback address',
    });
    expect(counter.connections()).toBe(0);
  });

  it('with --insecure-callbacks, connects to the loopback address the name resolves to, and refuses a private one', async () => {
    // Each answer closes its connection, so the second delivery has to connect (and look the name up) again.
    const calls: string[] = [];
    const receiver = await serveOnLoopback((request, response) => {
      calls.push(request.url ?? '');
      response.writeHead(200, { connection: 'close' }).end();
    });
    closers.push(() => stopServer(receiver.server));
    const port = new URL(receiver.url).port;
    const table: Record<string, string[]> = { 'moving.test': ['127.0.0.1'] };
    const server = await started({ insecureCallbacks: true, resolveHost: fixedResolver(table) });
    const { hook, admin } = clientsOf(server);
    await hook('ZAPIER', server.demo.tokens.ZAPIER, subscribe(`http://moving.test:${port}/hooks/catch`));
    const first = server.store.addRecording({ workspaceId: server.demo.workspaceId, direction: 'REQUEST' });
    await admin('POST', `/recordings/${first.id}/status`, { status: 'COMPLETED' });
    await waitUntil('the first delivery', () => (calls.length === 1 ? true : undefined), POLL);

    table['moving.test'] = ['10.9.8.7'];
    const second = server.store.addRecording({ workspaceId: server.demo.workspaceId, direction: 'REQUEST' });
    await admin('POST', `/recordings/${second.id}/status`, { status: 'COMPLETED' });
    const refused = await waitUntil(
      'the second delivery to fail',
      () => server.store.deliveries.find((delivery) => delivery.recordingId === second.id && delivery.state === 'FAILED'),
      POLL,
    );
    expect(refused.lastError).toBe('callback host moving.test refused: it resolves to 10.9.8.7: it is a private address, not a public one');
    expect(calls).toHaveLength(1);
  });

  it('skips a stored callback to a refused address (from a data file of a laxer run) without calling it', async () => {
    const server = await started({ insecureCallbacks: false });
    for (const callback of ['https://10.1.2.3/x', 'https://[::1]/x', 'https://169.254.169.254/x'])
      server.store.addSubscription(server.demo.workspaceId, 'ZAPIER', callback);
    const recording = server.store.addRecording({ workspaceId: server.demo.workspaceId, direction: 'REQUEST' });
    await clientsOf(server).admin('POST', `/recordings/${recording.id}/status`, { status: 'COMPLETED' });
    const deliveries = await waitUntil(
      'every delivery to fail',
      (note) => (note(server.store.deliveries).every((delivery) => delivery.state === 'FAILED') ? server.store.deliveries : undefined),
      POLL,
    );
    expect(deliveries.map((delivery) => [delivery.attempts, delivery.lastError])).toEqual([
      [0, 'the callback host 10.1.2.3 is refused: it is a private address, not a public one'],
      [0, 'the callback host [::1] is refused: it is a loopback address'],
      [0, 'the callback host 169.254.169.254 is refused: it is a linkLocal address, not a public one'],
    ]);
  });
});

describe(`at most ${LIMITS.subscriptionsPerIntegration} subscriptions per integration`, () => {
  it('answers the hook status-200 error (docs/service-api.md, "Errors") naming the limit past it, per integration, and accepts again after an unsubscribe', async () => {
    const server = await started({});
    const { hook } = clientsOf(server);
    const { workspaceId, tokens } = server.demo;
    for (let index = 0; index < LIMITS.subscriptionsPerIntegration - 1; index++)
      server.store.addSubscription(workspaceId, 'ZAPIER', `https://93.184.216.34/${index}`);
    const last = await hook('ZAPIER', tokens.ZAPIER, subscribe('http://127.0.0.1:9/last'));
    const over = await hook('ZAPIER', tokens.ZAPIER, subscribe('http://127.0.0.1:9/over'));
    expect(last.json).toEqual({ subscriptionId: expect.any(String) });
    expect([over.status, over.json]).toEqual([200, { error: SUBSCRIPTION_LIMIT_MESSAGE }]);
    expect(SUBSCRIPTION_LIMIT_MESSAGE).toContain('at most 1,000 callback subscriptions');
    expect(server.store.subscriptionCount(workspaceId, 'ZAPIER')).toBe(LIMITS.subscriptionsPerIntegration);

    expect((await hook('N8N', tokens.N8N, subscribe('http://127.0.0.1:9/other'))).json).toEqual({ subscriptionId: expect.any(String) });
    await hook('ZAPIER', tokens.ZAPIER, {
      action: 'CALLBACK_UNSUBSCRIBE',
      subscriptionId: (last.json as { subscriptionId: string }).subscriptionId,
    });
    expect((await hook('ZAPIER', tokens.ZAPIER, subscribe('http://127.0.0.1:9/again'))).json).toEqual({
      subscriptionId: expect.any(String),
    });
  });
});
