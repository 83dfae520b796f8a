import { connect } from 'node:net';
import { LINGER } from '../src/lingering';
import { REST_ENV } from './harness';
import { startHttpBin, type HttpBin } from './http-bin';

// A body past the SDK's 4 MiB limit is refused before it is all read. A client still sending must read that answer:
// the listener drains the rest of the body, within LINGER, before it closes (a close with unread bytes resets the
// connection, and the reset can destroy the answer before the client reads it). The bin runs in its own process, as
// in production: in this process the client's writes and the server's close would take turns and hide the race.

jest.setTimeout(60_000);

const MiB = 1024 * 1024;
const TRIES = 5;
const TWENTY_MIB = 20 * MiB;
const TOKEN = 'drain-token-3b9e0c5a71f4';
const WORKSPACE_ID = '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c';
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
/** An error answer in the JSON-RPC shape both listeners and the SDK use. */
const refusal = (message: string) => ({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
const TOO_LARGE = refusal('Payload Too Large: Request body must not exceed 4194304 bytes');

interface Listener {
  mode: '--http' | '--hosted';
  env: Record<string, string>;
  /** Headers that get a request past the listener's own checks to the SDK, which reads the body. */
  admitted: Record<string, string>;
  /** The 401 for a request without credentials, answered without reading the body. */
  unauthorized: string;
}

const LISTENERS: Listener[] = [
  {
    mode: '--http',
    env: { ...REST_ENV, SCREENREC_MCP_TOKEN: TOKEN },
    admitted: { authorization: `Bearer ${TOKEN}` },
    unauthorized:
      'Unauthorized: send the header "Authorization: Bearer <SCREENREC_MCP_TOKEN>" with the token this server was started with.',
  },
  {
    mode: '--hosted',
    env: { SCREENREC_BASE_URL: REST_ENV.SCREENREC_BASE_URL },
    admitted: { authorization: 'Bearer sk_caller_key_0123', 'x-screenrec-workspace-id': WORKSPACE_ID },
    unauthorized:
      'Unauthorized: send your ScreenRec API key as the header "Authorization: Bearer <API key>" (create one in the ScreenRec dashboard\'s API section).',
  },
];

/** How the client sends its body: in 64 KiB chunks as fast as the server takes them, or a byte every 50 ms. */
type Sender =
  | { pace: 'fast'; bytes: number | 'endless'; framing: 'content-length' | 'chunked'; readOnceSent?: boolean }
  | { pace: 'trickle' };

interface Exchange {
  status: number;
  connection: string | undefined;
  body: unknown;
  /** Body bytes the client handed to its socket before the connection ended. */
  sent: number;
  /** The server half-closed (FIN) after its answer. */
  finReceived: boolean;
  /** The code of the socket error that ended the connection, if one did. */
  error: string | undefined;
  /** Milliseconds from the request's head being written to the connection ending. */
  lastedMs: number;
}

/** Writes a POST with `headers` to `port` and its body as `sender` says, reading whatever arrives while it sends. */
async function exchange(port: number, headers: Record<string, string>, sender: Sender): Promise<Exchange> {
  // Half-open allowed: the server's FIN after its answer does not stop this client sending, as it does not stop a
  // real one that has not finished its upload.
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  await new Promise((resolve) => socket.once('connect', resolve));
  const received: Buffer[] = [];
  let sent = 0;
  let finReceived = false;
  let error: string | undefined;
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  socket.once('end', () => (finReceived = true));
  socket.once('error', (failure: NodeJS.ErrnoException) => (error = failure.code ?? failure.message));
  const closed = new Promise((resolve) => socket.once('close', resolve));

  const chunked = sender.pace === 'fast' && sender.framing === 'chunked';
  const framing = chunked
    ? { 'transfer-encoding': 'chunked' }
    : { 'content-length': String(sender.pace === 'fast' && sender.bytes !== 'endless' ? sender.bytes : 100 * MiB) };
  const head = Object.entries({ host: '127.0.0.1', ...headers, ...framing }).map(([name, value]) => `${name}: ${value}\r\n`);
  const started = Date.now();
  socket.write(`POST /mcp HTTP/1.1\r\n${head.join('')}\r\n`);

  if (sender.pace === 'trickle') {
    const poke = setInterval(() => {
      socket.write('x');
      sent += 1;
    }, 50);
    await closed;
    clearInterval(poke);
  } else {
    if (sender.readOnceSent === true) socket.pause();
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const frame = chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk;
    // A chunk an event-loop turn, as an uploader's loop sends: between two chunks the client polls its socket, so
    // an answer that came meanwhile is read before the server's cut, however slow the machine. Written back to back,
    // the chunks can all go out without a poll (the kernel takes each at once), and a reset then drops the unread answer.
    const pump = () => {
      if (socket.destroyed) return;
      if (sender.bytes === 'endless' || sent < sender.bytes) {
        sent += chunk.length;
        if (socket.write(frame)) setImmediate(pump);
        else socket.once('drain', () => setImmediate(pump));
        return;
      }
      socket.end(chunked ? '0\r\n\r\n' : '');
      socket.resume();
    };
    pump();
    await closed;
  }
  return { ...parseAnswer(Buffer.concat(received).toString('latin1')), sent, finReceived, error, lastedMs: Date.now() - started };
}

/** The answer's status, Connection header and JSON body; the status is 0 when no answer came (a reset ate it). */
function parseAnswer(raw: string): Pick<Exchange, 'status' | 'connection' | 'body'> {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return { status: 0, connection: undefined, body: raw };
  const head = raw.slice(0, split);
  const text = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`\r\n${name}: ([^\r]*)`, 'i').exec(head)?.[1];
  return {
    status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1]),
    connection: header('connection'),
    body: JSON.parse(header('transfer-encoding') === 'chunked' ? dechunk(text) : text) as unknown,
  };
}

function dechunk(text: string): string {
  let body = '';
  for (let rest = text; ; ) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (size === 0) return body;
    body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 4 + size);
  }
}

describe.each(LISTENERS)('screenrec-mcp $mode', ({ mode, env, admitted, unauthorized }) => {
  let bin: HttpBin;
  beforeAll(async () => {
    bin = await startHttpBin(env, 0, mode);
  });
  afterAll(async () => {
    expect(await bin.stop()).toBe(0);
  });

  it.each([
    ['Content-Length', { framing: 'content-length', readOnceSent: false }],
    ['chunked', { framing: 'chunked', readOnceSent: false }],
    ['Content-Length, reading the answer only once all is sent', { framing: 'content-length', readOnceSent: true }],
  ] as const)(`a client sending 20 MiB (%s) reads the 413 and sends it all, in each of ${TRIES} tries`, async (_, how) => {
    const outcomes: Exchange[] = [];
    for (let attempt = 0; attempt < TRIES; attempt += 1) {
      outcomes.push(await exchange(bin.port, { ...MCP_HEADERS, ...admitted }, { pace: 'fast', bytes: TWENTY_MIB, ...how }));
    }
    const clean = { status: 413, connection: 'close', body: TOO_LARGE, sent: TWENTY_MIB, finReceived: true, error: undefined };
    expect(outcomes.map(({ lastedMs: _lasted, ...seen }) => seen)).toEqual(Array(TRIES).fill(clean));
  });

  it('a client sending 20 MiB without credentials reads the 401 answered before the body is read', async () => {
    const outcome = await exchange(bin.port, MCP_HEADERS, { pace: 'fast', bytes: TWENTY_MIB, framing: 'content-length' });
    expect(outcome).toMatchObject({
      status: 401,
      body: refusal(unauthorized),
      sent: TWENTY_MIB,
      finReceived: true,
      error: undefined,
    });
  });

  it.each([
    ['its 413', true],
    ['a 401 answered before the body is read', false],
  ])(`a sender that never stops is cut once the server has dropped ${LINGER.bytes / MiB} MiB after %s`, async (_, withCredentials) => {
    const headers = { ...MCP_HEADERS, ...(withCredentials ? admitted : {}) };
    const outcome = await exchange(bin.port, headers, { pace: 'fast', bytes: 'endless', framing: 'content-length' });
    const body = withCredentials ? TOO_LARGE : refusal(unauthorized);
    expect(outcome).toMatchObject({ status: withCredentials ? 413 : 401, body, finReceived: true });
    // The cut has unread bytes behind it, so it is a reset: the client's next write fails.
    expect(['ECONNRESET', 'EPIPE']).toContain(outcome.error);
    expect(outcome.sent).toBeGreaterThan(LINGER.bytes);
    // Past the drain: what the server read before answering (up to the SDK's 4 MiB) and what both ends' socket
    // buffers held when the cut came.
    expect(outcome.sent).toBeLessThan(LINGER.bytes + 16 * MiB);
  });

  it(`a sender that trickles forever is cut ${LINGER.ms / 1000} s after the 413`, async () => {
    const outcome = await exchange(bin.port, { ...MCP_HEADERS, ...admitted }, { pace: 'trickle' });
    expect(outcome).toMatchObject({ status: 413, body: TOO_LARGE, finReceived: true });
    expect(['ECONNRESET', 'EPIPE']).toContain(outcome.error);
    // The timer starts once the answer is out, after the head this clock starts at, so never sooner; the line above
    // is three times the bound, far from it for a busy machine and well short of anything else that would end the
    // connection.
    expect(outcome.lastedMs).toBeGreaterThanOrEqual(LINGER.ms);
    expect(outcome.lastedMs).toBeLessThan(3 * LINGER.ms);
  });
});
