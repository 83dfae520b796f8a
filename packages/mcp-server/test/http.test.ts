import { request as httpRequest } from 'node:http';
import { readSettings } from '../src/config';
import { connect } from '../src/connections';
import { startHttpServer, type RunningHttpServer } from '../src/http-server';
import { TOOLS_IN_ORDER } from './clients';
import { REST_ENV } from './harness';

const TOKEN = 'mcp-token-5d1f0a9c7e3b4a28';
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '1.0.0' } },
});

let server: RunningHttpServer;
const logs: string[] = [];
beforeAll(async () => {
  const connections = connect(readSettings({ SCREENREC_BASE_URL: REST_ENV.SCREENREC_BASE_URL }));
  server = await startHttpServer({ port: 0, token: TOKEN, connections, logger: { info: (l) => logs.push(l), error: (l) => logs.push(l) } });
});
afterAll(async () => {
  await server?.close();
});

/** A raw POST of the initialize request, with the headers given (Host included, which fetch will not set). */
function post(headers: Record<string, string>, path = '/mcp'): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}
const refusal = (message: string) => JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
const bearer = { authorization: `Bearer ${TOKEN}` };

describe('Streamable HTTP: who may call', () => {
  it('refuses a request without the Bearer token, or with a wrong one', async () => {
    const unauthorized = refusal(
      'Unauthorized: send the header "Authorization: Bearer <SCREENREC_MCP_TOKEN>" with the token this server was started with.',
    );
    const none = await post({});
    expect([none.status, none.headers['www-authenticate'], none.body]).toEqual([401, 'Bearer', unauthorized]);
    const wrong = await post({ authorization: `Bearer ${TOKEN}x` });
    expect([wrong.status, wrong.body]).toEqual([401, unauthorized]);
    const basic = await post({ authorization: `Basic ${Buffer.from(`user:${TOKEN}`).toString('base64')}` });
    expect(basic.status).toBe(401);
  });

  it('refuses a web page of another site (Origin), even with the token', async () => {
    for (const origin of ['https://evil.example', 'http://192.168.1.10:3000', 'null', 'http://localhost.evil.example']) {
      const answer = await post({ ...bearer, origin });
      expect([origin, answer.status, answer.body]).toEqual([
        origin,
        403,
        refusal('Forbidden: requests from web pages on other sites are refused (Origin is not this machine).'),
      ]);
    }
  });

  it('refuses a request addressed to another host name (DNS rebinding)', async () => {
    const answer = await post({ ...bearer, host: `rebind.evil.example:${new URL(server.url).port}` });
    expect([answer.status, answer.body]).toEqual([
      403,
      refusal('Forbidden: this MCP server answers only requests addressed to 127.0.0.1 or localhost.'),
    ]);
  });

  it('lets a local client with the token in, with or without a loopback Origin, and opens no session', async () => {
    for (const origin of [undefined, 'http://localhost:6274', 'http://127.0.0.1:5678']) {
      const answer = await post({ ...bearer, ...(origin === undefined ? {} : { origin }) });
      expect([origin, answer.status, answer.headers['mcp-session-id']]).toEqual([origin, 200, undefined]);
      expect(answer.body).toContain('"serverInfo":{"name":"screenrec","title":"ScreenRec","version":"0.1.0"');
    }
    expect(await post(bearer, '/other')).toMatchObject({ status: 404, body: refusal('Not found: the MCP endpoint is /mcp.') });
    expect(logs).toContain('refused POST /mcp (403, Origin https://evil.example)');
    expect(logs.join('\n')).not.toContain(TOKEN);
  });

  it('has no session to resume or end: GET and DELETE answer 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await fetch(server.url, {
        method,
        headers: { ...bearer, accept: 'text/event-stream', 'mcp-session-id': 'from-before-a-restart' },
      });
      expect([method, answer.status, answer.headers.get('allow'), await answer.json()]).toEqual([
        method,
        405,
        'POST',
        { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null },
      ]);
    }
  });

  it('answers a 2026-07-28 request from its _meta alone, with cacheable lists in the registration order', async () => {
    const answer = await modern('tools/list');
    expect(answer.status).toBe(200);
    const { result } = (await answer.json()) as {
      result: { tools: Array<{ name: string }>; ttlMs: number; cacheScope: string; resultType: string };
    };
    // No backend token here: every tool but create_recording_link.
    expect(result.tools.map((tool) => tool.name)).toEqual(TOOLS_IN_ORDER.slice(0, -1));
    expect([result.resultType, result.ttlMs, result.cacheScope]).toEqual(['complete', 3_600_000, 'public']);

    const discover = (await (await modern('server/discover')).json()) as { result: { supportedVersions: string[]; ttlMs: number } };
    expect(discover.result).toMatchObject({ supportedVersions: ['2026-07-28'], ttlMs: 3_600_000, cacheScope: 'public' });
    // Nothing to listen for: the lists change only with a restart.
    expect(discover.result).toMatchObject({ capabilities: { tools: { listChanged: false }, resources: { listChanged: false } } });
  });

  it('refuses a 2026-07-28 request whose Mcp-Method header names another method than its body', async () => {
    const answer = await modern('tools/list', { 'mcp-method': 'tools/call' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      error: {
        code: -32020,
        message: expect.stringContaining('the body names method tools/list but the Mcp-Method header names tools/call'),
      },
    });
  });
});

/** A hand-made 2026-07-28 request: protocol version, client capabilities and identity in _meta, Mcp-Method beside. */
function modern(method: string, headers: Record<string, string> = {}): Promise<Response> {
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'probe', version: '1.0.0' },
  };
  return fetch(server.url, {
    method: 'POST',
    headers: {
      ...bearer,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { _meta } }),
  });
}
