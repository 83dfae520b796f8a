import { connect } from 'node:net';
import { LIMITS } from '../src/limits';
import { startReferenceServer, type RunningServer } from '@screenrec/test-support/reference-server';

// A body past the limit is refused before it is read. The client must still read that answer: the server reads and
// drops a bounded part of the body before it closes (a close with unread bytes resets the connection, and the
// reset can destroy the answer before the client reads it). The server runs in its own process, as in production:
// in this process the client's writes and the server's close would take turns and hide the race.

jest.setTimeout(60_000);

const TRIES = 20;
const MiB = 1024 * 1024;

let server: RunningServer;
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(() => server.stop());

/** POSTs a JSON body of about `bytes` with Node's fetch `TRIES` times; counts each outcome (status or error code). */
async function outcomes(url: string, headers: Record<string, string>, bytes: number): Promise<Record<string, number>> {
  const body = JSON.stringify({ action: 'PING', padding: 'x'.repeat(bytes) });
  const seen: Record<string, number> = {};
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    let outcome: string;
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      await response.text();
      outcome = String(response.status);
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      outcome = cause?.code ?? String(error);
    }
    seen[outcome] = (seen[outcome] ?? 0) + 1;
  }
  return seen;
}

it(`a 5 MB hook body gets its 413 in at least ${TRIES - 1} of ${TRIES} tries with Node's fetch`, async () => {
  const seen = await outcomes(`${server.baseUrl}/public/webhooks/ZAPIER`, { 'x-service-token': server.demo.tokens.ZAPIER }, 5 * MiB);
  expect(seen['413'] ?? 0).toBeGreaterThanOrEqual(TRIES - 1);
});

it(`a 5 MB body with a wrong token gets its 403 in at least ${TRIES - 1} of ${TRIES} tries`, async () => {
  const seen = await outcomes(`${server.baseUrl}/public/webhooks/ZAPIER`, { 'x-service-token': 'not-a-token' }, 5 * MiB);
  expect(seen['403'] ?? 0).toBeGreaterThanOrEqual(TRIES - 1);
});

it.each([1.5, 5])(`a %d MB REST body gets its 413 in at least ${TRIES - 1} of ${TRIES} tries`, async (megabytes) => {
  const url = `${server.baseUrl}/public/integration/${server.demo.workspaceId}/recordings/list`;
  const seen = await outcomes(url, { authorization: `Bearer ${server.demo.apiKey}` }, megabytes * MiB);
  expect(seen['413'] ?? 0).toBeGreaterThanOrEqual(TRIES - 1);
});

// Concurrent: it runs from the start, while the tries above run on their own connections, since most of it is the
// server's 5 s of waiting.
it.concurrent(
  'a client that declares a large body and then goes quiet gets its 413, and the server drops the connection within 5 s',
  async () => {
    // Half-open allowed: this client does not hang up when the server's FIN arrives; it stays and goes quiet.
    const socket = connect({ port: Number(new URL(server.baseUrl).port), host: '127.0.0.1', allowHalfOpen: true });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    socket.write(
      `POST /public/webhooks/ZAPIER HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `x-service-token: ${server.demo.tokens.ZAPIER}\r\nContent-Length: ${100 * MiB}\r\n\r\n{"action":"PING","padding":"`,
    );
    // A byte now and then: once the server has dropped the connection, a write fails (reset, then EPIPE).
    const dropped = new Promise<number>((resolve) => socket.once('error', () => resolve(Date.now())));
    const poke = setInterval(() => socket.write('x'), 100);
    try {
      const droppedAt = await dropped;
      expect(received).toMatch(/^HTTP\/1\.1 413 /);
      // What drops it is the linger's bound (LIMITS.lingerMs, 5 s), not the 30 s request timeout that would end it
      // otherwise: the line sits three times past the one and half-way to the other, far from both for a busy machine.
      expect(droppedAt - started).toBeLessThan(3 * LIMITS.lingerMs);
    } finally {
      clearInterval(poke);
      socket.destroy();
    }
  },
);
