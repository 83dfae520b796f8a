// Attack suite, requests: credentials before bodies, body limits per endpoint, header/request/keep-alive
// timeouts (with the upload's own allowance), field limits, throttled failed authentication, nosniff and the page's
// CSP. Loopback only; every loop is bounded.
import { connect, type Socket } from 'node:net';
import { LIMITS } from '../src/limits';
import { RECORDING_PAGE_CSP } from '../page/recording-page';
import type { InProcessServer, ListeningServer } from '../src/server';
import { waitUntil } from '@screenrec/test-support/wait';
import { POLL, buildQuietServer, clientsOf, send, startQuietServer, type Answer } from './support';

type Closers = Array<() => Promise<void>>;
const closers: Closers = [];
const closeAll = async (list: Closers) => {
  while (list.length > 0) await list.pop()!();
};
afterEach(() => closeAll(closers));

/**
 * A test with servers and connections of its own, closed when it ends rather than after each test: such tests run
 * at once, each mostly waiting out a server's timer. Its outcome is what it waits for; jest's timeout, a minute, is
 * only there to end a test that hangs, far beyond what any of them takes on a busy machine.
 */
function itConcurrently(name: string, test: (closeAfter: Closers) => Promise<void>): void {
  it.concurrent(
    name,
    async () => {
      const own: Closers = [];
      try {
        await test(own);
      } finally {
        await closeAll(own);
      }
    },
    60_000,
  );
}

/** A server on a socket, for the tests about connections; closed after the test. */
async function listening(options: Parameters<typeof startQuietServer>[0] = {}, closeAfter = closers): Promise<ListeningServer> {
  const server = await startQuietServer(options);
  closeAfter.push(() => server.close());
  return server;
}

/** A server reached through inject(), for the tests about answers; closed after the test. */
async function built(options: Parameters<typeof buildQuietServer>[0] = {}): Promise<InProcessServer> {
  const server = await buildQuietServer(options);
  closers.push(() => server.close());
  return server;
}

/**
 * A raw connection: what it has received so far, whether the server closed it, and its first answer: what had arrived
 * once a whole answer (head and Content-Length body) was in, or when the connection closed before that.
 */
async function rawConnection(
  baseUrl: string,
  closeAfter = closers,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void>; answer: Promise<string> }> {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  let text = '';
  let answered: (text: string) => void = () => undefined;
  const answer = new Promise<string>((resolve) => (answered = resolve));
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
    if (isWholeAnswer(text)) answered(text);
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      answered(text);
      resolve();
    }),
  );
  closeAfter.push(async () => {
    socket.destroy();
  });
  return { socket, received: () => text, closed, answer };
}

const statusOf = (raw: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]);
const bodyOf = (raw: string) => raw.slice(raw.indexOf('\r\n\r\n') + 4);
/** Read as latin1, one character a byte: the body is whole once it is as long as the head's Content-Length says. */
function isWholeAnswer(raw: string): boolean {
  const headEnd = raw.indexOf('\r\n\r\n');
  const length = /\r\ncontent-length: *(\d+)\r\n/i.exec(raw.slice(0, headEnd + 2))?.[1];
  return headEnd >= 0 && length !== undefined && raw.length - (headEnd + 4) >= Number(length);
}

describe('credentials are checked before any body is read (on a socket: what matters is what is read from it)', () => {
  let server: ListeningServer;
  beforeAll(async () => {
    server = await startQuietServer({ failedAuthPerMinute: 1_000 });
  });
  afterAll(() => server.close());

  it.each([
    [
      'the hook endpoint, unknown token',
      () => `POST /public/webhooks/ZAPIER HTTP/1.1\r\nx-service-token: srt_unknown\r\n`,
      403,
      '{"message":"Forbidden"}',
    ],
    ['the hook endpoint, no token', () => `POST /public/webhooks/ZAPIER HTTP/1.1\r\n`, 424, '{"message":"Integration error"}'],
    [
      'the REST API, unknown key',
      () => `POST /public/integration/${server.demo.workspaceId}/recordings HTTP/1.1\r\nauthorization: Bearer srk_unknown\r\n`,
      401,
      '{"message":"Unauthorized"}',
    ],
    [
      'the admin API, wrong token',
      () => `POST /admin/workspaces HTTP/1.1\r\nx-admin-token: wrong-token\r\n`,
      401,
      '{"message":"Unauthorized"}',
    ],
  ])('%s: answered while a declared 1 MB body has not been sent, then the connection closes', async (_label, head, status, body) => {
    const connection = await rawConnection(server.baseUrl);
    connection.socket.write(
      `${head()}host: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${1024 * 1024}\r\n\r\n{"action":`,
    );
    await connection.closed;
    expect([statusOf(connection.received()), bodyOf(connection.received())]).toEqual([status, body]);
    expect(connection.received()).toMatch(/\r\nconnection: close\r\n/i);
  });

  it('the hook endpoint with a valid token: 413 for a declared body over 64 KiB, before reading it', async () => {
    const connection = await rawConnection(server.baseUrl);
    connection.socket.write(
      `POST /public/webhooks/ZAPIER HTTP/1.1\r\nhost: 127.0.0.1\r\nx-service-token: ${server.demo.tokens.ZAPIER}\r\ncontent-type: application/json\r\ncontent-length: ${LIMITS.hookBodyBytes + 1}\r\n\r\n`,
    );
    await connection.closed;
    expect([statusOf(connection.received()), bodyOf(connection.received())]).toEqual([413, '{"message":"Payload too large"}']);
  });

  it('the hook endpoint: 413 only for a valid token; a bad one gets its own answer, even for a chunked body', async () => {
    const big = JSON.stringify({ action: 'PING', padding: 'x'.repeat(LIMITS.hookBodyBytes) });
    const url = `${server.baseUrl}/public/webhooks/ZAPIER`;
    const valid = await send(url, {
      headers: { 'x-service-token': server.demo.tokens.ZAPIER, 'content-type': 'application/json' },
      raw: big,
    });
    const unknown = await send(url, { headers: { 'x-service-token': 'srt_nope', 'content-type': 'application/json' }, raw: big });
    const chunked = await fetch(url, {
      method: 'POST',
      headers: { 'x-service-token': 'srt_nope', 'content-type': 'application/json' },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect([valid.status, unknown.status, chunked.status]).toEqual([413, 403, 403]);
  });

  it('keeps row 2 first for small bodies: a malformed body is 400 whatever the token', async () => {
    const answer = await clientsOf(server).hook('ZAPIER', 'srt_nope', { action: 'PONG' });
    expect([answer.status, answer.text]).toEqual([400, '{"message":"Bad request"}']);
  });

  it('reads a valid hook body just under 64 KiB', async () => {
    const raw = JSON.stringify({ action: 'RECORDING', recording: { externalReference: 'r'.repeat(LIMITS.hookBodyBytes - 100) } });
    const answer = await send(`${server.baseUrl}/public/webhooks/ZAPIER`, {
      headers: { 'x-service-token': server.demo.tokens.ZAPIER, 'content-type': 'application/json' },
      raw,
    });
    expect(answer.json).toEqual({ url: expect.stringContaining('/r/') });
  });

  it('the REST API takes up to 1 MiB and answers 413 past it', async () => {
    const url = `${server.baseUrl}/public/integration/${server.demo.workspaceId}/recordings/list`;
    const headers = { authorization: `Bearer ${server.demo.apiKey}`, 'content-type': 'application/json' };
    const over = await send(url, { headers, raw: JSON.stringify({ tags: ['x'.repeat(LIMITS.restBodyBytes)] }) });
    expect([over.status, over.text]).toEqual([413, '{"message":"Payload too large"}']);
  });
});

describe('timeouts (the Limits table, shortened here: each server sets the timeout under test short, the others far)', () => {
  // Every verdict is an outcome (a 408, a close, a completed upload), never an elapsed time. Each server sets the
  // timeout under test to between 300 ms and 2 s and every other one far beyond any test, so the outcome can only
  // come from the timeout under test. Each client is far from that timeout on the side it stands for: a client
  // cut off would need a hundred times the limit or more to finish (or never finishes); a client kept alive sends a
  // byte at least every 100 ms, a tenth or less of the limit it must stay under. The clients share this process's
  // event loop with the server: a stall delays the server's checks as much as the client's writes, and the checks
  // that cut a client off are due before the idle timer that would close it without an answer.
  const FAR = 10 * 60_000;

  itConcurrently('closes a connection whose headers do not arrive in time, with 408', async (closeAfter) => {
    // Headers 300 ms; no request or idle limit within the test: only the headers timeout can answer 408.
    const server = await listening({ timeouts: { headersMs: 300, requestMs: FAR } }, closeAfter);
    const connection = await rawConnection(server.baseUrl, closeAfter);
    connection.socket.write('GET /admin/outbox HTTP/1.1\r\nhost: 127.0.0.1\r\n');
    // Never too slow to stay connected, never done: its headers do not end.
    const trickle = setInterval(() => connection.socket.write('x-slow: 1\r\n'), 100);
    await connection.closed;
    clearInterval(trickle);
    expect(statusOf(connection.received())).toBe(408);
    expect(connection.received()).toMatch(/x-content-type-options: nosniff/i);
  });

  itConcurrently('closes a request whose body trickles past the request limit, with 408', async (closeAfter) => {
    // Request 1 s, which is also how long the socket may idle: the idle close sends no answer, so a 408 names the
    // request timeout. The headers arrive at once.
    const server = await listening({ timeouts: { headersMs: 300, requestMs: 1_000 } }, closeAfter);
    const connection = await rawConnection(server.baseUrl, closeAfter);
    connection.socket.write(
      `POST /admin/workspaces HTTP/1.1\r\nhost: 127.0.0.1\r\nx-admin-token: ${server.adminToken}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"name":"`,
    );
    // A byte every 100 ms: the 1,000-byte body would take 100 s, a hundred times the limit.
    const trickle = setInterval(() => connection.socket.write('a'), 100);
    await connection.closed;
    clearInterval(trickle);
    expect(statusOf(connection.received())).toBe(408);
  });

  itConcurrently('closes an idle keep-alive connection', async (closeAfter) => {
    // Keep-alive 300 ms; no request or idle limit within the test: only the keep-alive timeout can close it.
    const server = await listening({ timeouts: { headersMs: 300, requestMs: FAR, keepAliveMs: 300 } }, closeAfter);
    const connection = await rawConnection(server.baseUrl, closeAfter);
    connection.socket.write(`GET /admin/outbox HTTP/1.1\r\nhost: 127.0.0.1\r\nx-admin-token: ${server.adminToken}\r\n\r\n`);
    await connection.closed;
    expect(statusOf(connection.received())).toBe(200);
  });

  itConcurrently('lets an upload take longer than the request limit while it keeps moving, and completes it', async (closeAfter) => {
    // Request (and idle) limit 2 s; the upload's own allowance far beyond the test.
    const server = await listening({ timeouts: { headersMs: 300, requestMs: 2_000, uploadMs: FAR } }, closeAfter);
    const recording = server.store.addRecording({ workspaceId: server.demo.workspaceId, direction: 'REQUEST' });
    const connection = await rawConnection(server.baseUrl, closeAfter);
    // 40 chunks 100 ms apart: the upload lasts 4 s or more (timers are never early), twice the request limit however
    // fast the machine, while each pause is a twentieth of the idle limit. The chunks are made before the first is
    // sent: between two writes the client only waits.
    const chunks = Array.from({ length: 40 }, (_, index) => Buffer.alloc(100, index));
    connection.socket.write(
      `POST /r/${recording.id}/upload HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: video/webm\r\ncontent-length: ${chunks.length * 100}\r\n\r\n`,
    );
    for (const chunk of chunks) {
      connection.socket.write(chunk);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answer = await connection.answer;
    expect([statusOf(answer), bodyOf(answer)]).toEqual([200, '{"status":"COMPLETED"}']);
    expect(server.store.recording(recording.id)!.video!.size).toBe(chunks.length * 100);
  });

  itConcurrently('still closes an upload that stalls, and keeps nothing of it', async (closeAfter) => {
    // Idle limit 1 s; the upload's own allowance far beyond the test: only the idle timeout can close it.
    const server = await listening({ timeouts: { headersMs: 300, requestMs: 1_000, uploadMs: FAR } }, closeAfter);
    const recording = server.store.addRecording({ workspaceId: server.demo.workspaceId, direction: 'REQUEST' });
    const connection = await rawConnection(server.baseUrl, closeAfter);
    // 100 of the 10,000 bytes declared, then nothing more.
    connection.socket.write(
      `POST /r/${recording.id}/upload HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: video/webm\r\ncontent-length: 10000\r\n\r\n${'x'.repeat(100)}`,
    );
    await connection.closed;
    expect(server.store.recording(recording.id)!.status).toBe('NEW');
    const { readdirSync } = await import('node:fs');
    await waitUntil(
      'the stalled upload to leave no file',
      (note) => (note(readdirSync(server.videosDir)).length === 0 ? true : undefined),
      POLL,
    );
  });
});

describe('field limits: 400 naming the field', () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await buildQuietServer();
  });
  afterAll(() => server.close());
  const create = (body: Record<string, unknown>) => clientsOf(server).rest('POST', '/recordings', { direction: 'REQUEST', ...body });
  /** The answer is a 400 naming exactly one field, `path`, with `message`. */
  const expectRefused = (answer: Answer, path: string, message: string) =>
    expect([answer.status, answer.json]).toEqual([400, { message: 'Bad request', errors: [{ path, message }] }]);
  const longEmail = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

  it.each([
    ['tags', { tags: Array.from({ length: 51 }, (_, index) => `t${index}`) }, 'tags', 'must have at most 50 tags'],
    ['a tag', { tags: ['ok', 'x'.repeat(101)] }, 'tags.1', 'must be at most 100 characters'],
    ['comment', { comment: 'c'.repeat(10_001) }, 'comment', 'must be at most 10,000 characters'],
    ['email', { email: longEmail(255) }, 'email', 'must be at most 254 characters'],
    [
      'notifications',
      { notifications: Array.from({ length: 21 }, (_, index) => ({ type: 'EMAIL', value: `n${index}@example.com` })) },
      'notifications',
      'must have at most 20 entries',
    ],
    [
      'a notification',
      { notifications: [{ type: 'EMAIL', value: longEmail(255) }] },
      'notifications.0.value',
      'must be at most 254 characters',
    ],
  ])('create: %s over the limit', async (_label, body, path, message) => {
    expectRefused(await create(body), path, message);
  });

  it('create: everything exactly at the limits is accepted', async () => {
    const answer = await create({
      tags: Array.from({ length: 50 }, (_, index) => `${index}`.padEnd(100, 't')),
      comment: 'c'.repeat(10_000),
      email: longEmail(254),
      notifications: Array.from({ length: 20 }, (_, index) => ({
        type: 'EMAIL',
        value: index === 0 ? longEmail(254) : `n${index}@example.com`,
      })),
    });
    expect(answer.status).toBe(201);
  });

  it('update: tags and comment over the limit', async () => {
    const { id } = (await create({})).json as { id: string };
    const tags = await clientsOf(server).rest('PUT', `/recordings/${id}`, { tags: Array.from({ length: 51 }, (_, index) => `t${index}`) });
    const comment = await clientsOf(server).rest('PUT', `/recordings/${id}`, { comment: 'c'.repeat(10_001) });
    expectRefused(tags, 'tags', 'must have at most 50 tags');
    expectRefused(comment, 'comment', 'must be at most 10,000 characters');
  });

  it('the hook RECORDING: too many or too long tags', async () => {
    const hook = (tags: string[]) =>
      clientsOf(server).hook('ZAPIER', server.demo.tokens.ZAPIER, { action: 'RECORDING', recording: { externalReference: 'x', tags } });
    const many = await hook(Array.from({ length: 51 }, (_, index) => `t${index}`));
    const long = await hook(['y'.repeat(101)]);
    expectRefused(many, 'recording.tags', 'must have at most 50 tags');
    expectRefused(long, 'recording.tags.0', 'must be at most 100 characters');
  });
});

describe('failed authentication is throttled per client address: 20 a minute', () => {
  it('answers 429 with Retry-After past 20 failures, everywhere, while valid credentials keep working', async () => {
    const server = await built({});
    const { rest, hook, admin, request } = clientsOf(server);
    // Successful calls do not count.
    for (let index = 0; index < 30; index++) expect((await rest('POST', '/recordings/list', {})).status).toBe(200);
    for (let index = 0; index < LIMITS.failedAuthPerMinute; index++) {
      expect((await rest('POST', '/recordings/list', {}, `srk_guess${index}`)).status).toBe(401);
    }
    const throttled = [
      await rest('POST', '/recordings/list', {}, 'srk_one-more'),
      await hook('ZAPIER', 'srt_guess', { action: 'PING' }),
      await hook('ZAPIER', undefined, { action: 'PING' }),
      await request('/admin/outbox', { headers: { 'x-admin-token': 'guess-guess' } }),
    ];
    for (const answer of throttled) {
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(answer.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect((answer.json as { message: string }).message).toMatch(
        /^Too many failed sign-in attempts from your address\. Wait \d+ seconds/,
      );
    }
    expect((await rest('POST', '/recordings/list', {})).status).toBe(200);
    expect((await hook('ZAPIER', server.demo.tokens.ZAPIER, { action: 'PING' })).status).toBe(200);
    expect((await admin('GET', '/outbox')).status).toBe(200);
  });
});

describe('headers', () => {
  it('x-content-type-options: nosniff on every kind of answer; the recording page has its own CSP', async () => {
    const server = await built({});
    const { rest, hook, admin, request } = clientsOf(server);
    const recording = server.store.addRecording({ workspaceId: server.demo.workspaceId, direction: 'REQUEST' });
    await admin('POST', `/recordings/${recording.id}/status`, { status: 'COMPLETED' });
    const { url } = (await rest('GET', `/recordings/${recording.id}/presign`)).json as { url: string };
    const page = await request(`/r/${recording.id}`);
    const answers = [
      await hook('ZAPIER', server.demo.tokens.ZAPIER, { action: 'PING' }),
      await hook('ZAPIER', undefined, { action: 'PING' }),
      await rest('POST', '/recordings/list', {}),
      await rest('POST', '/recordings/list', {}, 'srk_bad'),
      await admin('GET', '/outbox'),
      await request('/nowhere'),
      await request('/public/webhooks/ZAPIER', {
        headers: { 'x-service-token': server.demo.tokens.ZAPIER, 'content-type': 'application/json' },
        raw: 'x'.repeat(70_000),
      }),
      await request(url),
      page,
    ];
    for (const answer of answers) expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('content-security-policy')).toBe(RECORDING_PAGE_CSP);
    expect(answers[0]!.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
  });
});
