import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readSettings } from '../../packages/mcp-server/src/config';
import { connect } from '../../packages/mcp-server/src/connections';
import { startHttpServer, type RunningHttpServer } from '../../packages/mcp-server/src/http-server';
import { REST_ENV, type ToolResult } from './harness';

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
      { host: '127.0.0.1', port: url.port, path, method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
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
    const unauthorized = refusal('Unauthorized: send the header "Authorization: Bearer <SCREENREC_MCP_TOKEN>" with the token this server was started with.');
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
    expect([answer.status, answer.body]).toEqual([403, refusal('Forbidden: this MCP server answers only requests addressed to 127.0.0.1 or localhost.')]);
  });

  it('lets a local client with the token in, with or without a loopback Origin', async () => {
    for (const origin of [undefined, 'http://localhost:6274', 'http://127.0.0.1:5678']) {
      const answer = await post({ ...bearer, ...(origin === undefined ? {} : { origin }) });
      expect([origin, answer.status]).toEqual([origin, 200]);
      expect(answer.headers['mcp-session-id']).toEqual(expect.any(String));
      expect(answer.body).toContain('"serverInfo":{"name":"screenrec","title":"ScreenRec","version":"0.1.0"}');
    }
    expect(await post(bearer, '/other')).toMatchObject({ status: 404, body: refusal('Not found: the MCP endpoint is /mcp.') });
    expect(logs).toContain('refused POST /mcp (403, Origin https://evil.example)');
    expect(logs.join('\n')).not.toContain(TOKEN);
  });

  it("serves the SDK's own Streamable HTTP client, session and all", async () => {
    const client = new Client({ name: 'n8n-mcp-client-stand-in', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: bearer } });
    await client.connect(transport);
    try {
      expect(transport.sessionId).toEqual(expect.any(String));
      expect((await client.listTools()).tools).toHaveLength(7);
      const result = (await client.callTool({ name: 'search_tags', arguments: { query: 'onb' } })) as ToolResult;
      expect(result.isError).toBe(true);
      expect((result.content[0] as { text: string }).text).toMatch(/^ScreenRec is not set up in this MCP server: SCREENREC_WORKSPACE_ID is not set/);
      await transport.terminateSession();
    } finally {
      await client.close();
    }
  });

  it('keeps at most 32 sessions: opening one more ends the least recently used', async () => {
    const sessions: string[] = [];
    for (let i = 0; i < 33; i++) sessions.push((await post(bearer)).headers['mcp-session-id'] as string);
    const ping = (sessionId: string) =>
      fetch(server.url, {
        method: 'POST',
        headers: { ...bearer, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
      });
    const oldest = await ping(sessions[0]!);
    expect([oldest.status, await oldest.text()]).toEqual([404, refusal('Session not found: start a new MCP session (initialize).')]);
    const newest = await ping(sessions[32]!);
    expect(newest.status).toBe(200);
    await newest.text();
  });
});
