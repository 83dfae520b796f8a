// Every refusal is one answer and no logged error: a reply is thenable, so an async function that returns it resolves to
// nothing, and code that took that nothing for "not answered yet" answered twice (429) or failed after answering (403,
// 424). And a method a path does not define is a 405 naming the ones it does, while an unknown path stays a 404.
import type { InProcessServer } from '../src/server';
import { buildQuietServer, clientsOf, type Clients } from './support';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
}

let server: InProcessServer;
let clients: Clients;
const logged: LogLine[] = [];

beforeAll(async () => {
  // The server logs to stderr (pino writes each line with one call); the lines are kept instead of printed.
  jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    const text = chunk.toString();
    if (text.startsWith('{')) logged.push(JSON.parse(text) as LogLine);
    return true;
  });
  server = await buildQuietServer({ logLevel: 'info', failedAuthPerMinute: 1 });
  clients = clientsOf(server);
});
afterAll(async () => {
  await server.close();
  jest.restoreAllMocks();
});

/** What the server logged about the requests made by `act`, by request id. */
async function logsOf(act: () => Promise<unknown>): Promise<LogLine[][]> {
  const from = logged.length;
  await act();
  const lines = logged.slice(from);
  return [...new Set(lines.map((line) => line.reqId))].map((id) => lines.filter((line) => line.reqId === id));
}

/** Each request: answered once ("request completed" once), nothing at warn level or above. */
function answeredOnceQuietly(requests: LogLine[][]): Array<[string[], number]> {
  return requests.map((lines) => [lines.map((line) => line.msg), Math.max(...lines.map((line) => line.level))]);
}
const QUIET = [['incoming request', 'request completed'], 30];

describe('refusals are answered once, with no error logged', () => {
  const ws = () => server.demo.workspaceId;
  const big = 'x'.repeat(70 * 1024);

  it.each([
    ['hook, a token never issued: 403', () => clients.hook('ZAPIER', 'srt_never', { action: 'PING' }), 403],
    ['hook, no token: 424', () => clients.hook('ZAPIER', undefined, { action: 'PING' }), 424],
    ['REST, an unknown key: 401', () => clients.rest('GET', '/recordings/tags?query=a', undefined, 'srk_unknown'), 401],
    ['admin, a wrong token: 401', () => clients.request('/admin/outbox', { headers: { 'x-admin-token': 'wrong-token' } }), 401],
    [
      'hook, a valid token and a body past 64 KiB: 413',
      () => clients.hook('ZAPIER', server.demo.tokens.ZAPIER, { action: 'PING', padding: big }),
      413,
    ],
    ['REST, a body past 1 MiB: 413', () => clients.rest('POST', '/recordings/list', { ids: [], padding: 'x'.repeat(1024 * 1024) }), 413],
    ['REST, a text body: 415', () => clients.request(`/public/integration/${ws()}/recordings/list`, rawText()), 415],
  ])('%s', async (_what, call, status) => {
    let answer: Awaited<ReturnType<typeof call>> | undefined;
    const requests = await logsOf(async () => (answer = await call()));
    expect(answer?.status).toBe(status);
    expect(answeredOnceQuietly(requests)).toEqual([QUIET]);
    // The throttle allows one failure a minute: forget this one, so the next case starts afresh.
    await resetThrottle();
  });

  it('each throttled refusal (hook, REST, admin) is one 429 with Retry-After, no error logged', async () => {
    const failures = [
      () => clients.hook('ZAPIER', 'srt_never', { action: 'PING' }),
      () => clients.hook('N8N', server.demo.tokens.ZAPIER, { action: 'PING', padding: big }),
      () => clients.rest('POST', '/recordings/list', {}, 'srk_unknown'),
      () => clients.request('/admin/outbox', { headers: { 'x-admin-token': 'wrong-token' } }),
    ];
    await failures[0]!();
    for (const failure of failures) {
      let answer: Awaited<ReturnType<typeof failure>> | undefined;
      const requests = await logsOf(async () => (answer = await failure()));
      expect([answer?.status, answer?.headers.get('retry-after'), (answer?.json as { message: string }).message]).toEqual([
        429,
        '60',
        'Too many failed sign-in attempts from your address. Wait 60 seconds, then check the token or API key and try again.',
      ]);
      expect(answeredOnceQuietly(requests)).toEqual([QUIET]);
    }
    await resetThrottle();
  });
});

describe('405 for a method a path does not define', () => {
  const rest = (path: string) => `/public/integration/{ws}${path}`;
  const id = '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c';

  it.each([
    ['GET', '/public/webhooks/ZAPIER', 'POST'],
    ['PUT', '/public/webhooks/N8N', 'POST'],
    ['GET', rest('/recordings'), 'POST'],
    ['DELETE', rest('/recordings'), 'POST'],
    // `list` is also a value of `{recordingId}`: PUT and DELETE reach those routes (and refuse the id).
    ['GET', rest('/recordings/list'), 'POST, PUT, DELETE'],
    ['POST', rest('/recordings/tags'), 'GET, HEAD, PUT, DELETE'],
    ['POST', rest(`/recordings/${id}`), 'PUT, DELETE'],
    ['PATCH', rest(`/recordings/${id}`), 'PUT, DELETE'],
    ['DELETE', rest(`/recordings/${id}/presign`), 'GET, HEAD'],
    ['GET', '/admin/workspaces', 'POST'],
    ['POST', `/admin/workspaces/${id}`, 'GET, HEAD, PATCH'],
    ['DELETE', `/admin/workspaces/${id}/subscriptions`, 'GET, HEAD'],
    ['GET', `/admin/workspaces/${id}/api-keys`, 'POST'],
    ['GET', `/admin/workspaces/${id}/api-keys/${id}`, 'DELETE'],
    ['PUT', `/admin/workspaces/${id}/integrations/ZAPIER`, 'POST, DELETE'],
    ['GET', `/admin/recordings/${id}/status`, 'POST'],
    ['POST', '/admin/outbox', 'GET, HEAD'],
    ['GET', `/r/${id}/start`, 'POST'],
    ['PUT', `/storage/screenrec-videos/${id}/object.webm`, 'GET, HEAD'],
    ['PUT', '/admin/deliveries', 'GET, HEAD'],
    ['DELETE', '/admin/settings', 'GET, HEAD, PATCH'],
    ['POST', `/r/${id}`, 'GET, HEAD'],
    ['GET', `/r/${id}/upload`, 'POST'],
    ['POST', `/videos/${id}`, 'GET, HEAD'],
    ['OPTIONS', rest('/recordings/tags'), 'GET, HEAD, PUT, DELETE'],
  ])('%s %s: 405, Allow: %s', async (method, path, allow) => {
    const answer = await clients.request(path.replace('{ws}', server.demo.workspaceId), { method });
    expect([answer.status, answer.headers.get('allow'), answer.json]).toEqual([405, allow, { message: 'Method not allowed' }]);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('is a 405 whatever the body: broken JSON, a type that is not JSON, past the limit', async () => {
    const path = `/public/integration/${server.demo.workspaceId}/recordings`;
    for (const [type, raw] of [
      ['application/json', '{'],
      ['text/plain', 'x'],
      ['application/json', `"${'x'.repeat(1024 * 1024)}"`],
    ] as const) {
      const answer = await clients.request(path, { method: 'PATCH', headers: { 'content-type': type }, raw });
      expect([type, raw.length, answer.status, answer.headers.get('allow')]).toEqual([type, raw.length, 405, 'POST']);
    }
  });

  it('a URL that cannot be decoded is a 400 in the same words as any bad request', async () => {
    const answer = await clients.request(`/public/integration/%ZZ/recordings/tags?query=a`);
    expect([answer.status, answer.text]).toEqual([400, '{"message":"Bad request"}']);
  });

  it.each(['/nope', '/public/webhooks', '/public/integration/x/recordings/list/more', '/admin/workspaces/a/b/c/d'])(
    'an unknown path is a 404 for every method: %s',
    async (path) => {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        const answer = await clients.request(path, { method });
        expect([method, answer.status, answer.headers.get('allow'), answer.json]).toEqual([method, 404, null, { message: 'Not found' }]);
      }
    },
  );
});

function rawText() {
  return {
    method: 'POST',
    headers: { authorization: `Bearer ${server.demo.apiKey}`, 'content-type': 'text/plain' },
    raw: '{"ids":[]}',
  };
}

/** The throttle counts a minute's failures per address: a fresh server has counted none. */
async function resetThrottle(): Promise<void> {
  await server.close();
  server = await buildQuietServer({ logLevel: 'info', failedAuthPerMinute: 1 });
  clients = clientsOf(server);
}
