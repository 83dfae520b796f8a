import { NOT_FOUND_RECORDING, RestClient } from 'screenrec';
import { startReferenceServer, type RunningServer } from '@screenrec/test-support/reference-server';
import { connectDriver, userWho, type ClientKind, type McpDriver, type Target } from './clients';
import { startHttpBin, type HttpBin } from './http-bin';

// The built bin over HTTP and stdio, with clients of both eras at once, against the reference server.
jest.setTimeout(180_000);

const TOKEN = 'eras-token-9a8b7c6d5e4f3a2b';

let service: RunningServer;
let env: Record<string, string>;
let rest: RestClient;
let http: HttpBin;
const target = (): Target => ({ http: http.url, token: TOKEN });

beforeAll(async () => {
  service = await startReferenceServer();
  const { workspaceId, apiKey } = await service.connectWorkspace('MCP Eras', 'N8N');
  env = { SCREENREC_BASE_URL: service.baseUrl, SCREENREC_WORKSPACE_ID: workspaceId, SCREENREC_API_KEY: apiKey };
  rest = new RestClient({ baseUrl: service.baseUrl, workspaceId, apiKey });
  http = await startHttpBin({ ...env, SCREENREC_MCP_TOKEN: TOKEN });
});
afterAll(async () => {
  await http?.stop();
  await service?.stop();
});

const newRecording = async (tag: string) => (await rest.requestRecording({ direction: 'REQUEST', tags: [tag] })).id;

async function recordingOf(mcp: McpDriver, recordingId: string): Promise<string> {
  const result = await mcp.callTool('get_recording', { recordingId });
  if (result.isError) throw new Error(JSON.stringify(result.content));
  return result.structuredContent!.id as string;
}

describe('Streamable HTTP without sessions', () => {
  it('serves 100 clients at once, 50 of each era, and every one of them gets its answer (none is ended for another)', async () => {
    const id = await newRecording('crowd');
    const started = performance.now();
    // Each client's second call waits for every first one (not for a set delay, which a slow machine could outlast
    // before all had connected); a client that fails lets the others go on, so the test ends with its error.
    const clients = 100;
    let firstCalls = 0;
    let letThemGoOn!: () => void;
    const allCalledOnce = new Promise<void>((resolve) => (letThemGoOn = resolve));
    const calledOnce = () => (++firstCalls === clients ? letThemGoOn() : undefined);
    const answers = await Promise.all(
      Array.from({ length: clients }, async (_, index) => {
        let mcp: McpDriver | undefined;
        try {
          mcp = await connectDriver(index % 2 === 0 ? 'v1' : 'v2', target());
          // Two calls each, the second after all have connected: a session table with a cap would have lost some.
          const first = await recordingOf(mcp, id);
          calledOnce();
          await allCalledOnce;
          return [first, await recordingOf(mcp, id)];
        } catch (error) {
          letThemGoOn();
          throw error;
        } finally {
          await mcp?.close();
        }
      }),
    );
    process.stderr.write(`100 MCP clients over HTTP, 2 calls each: ${Math.round(performance.now() - started)} ms\n`);
    expect(answers).toEqual(Array.from({ length: 100 }, () => [id, id]));
  });

  it('loses nothing a client needs when the server restarts: the same clients go on calling', async () => {
    const id = await newRecording('restart');
    const clients = await Promise.all((['v1', 'v2'] as const).map((kind) => connectDriver(kind, target())));
    try {
      expect(await Promise.all(clients.map((mcp) => recordingOf(mcp, id)))).toEqual([id, id]);
      const { port } = http;
      expect(await http.stop()).toBe(0);
      http = await startHttpBin({ ...env, SCREENREC_MCP_TOKEN: TOKEN }, port);
      expect(await Promise.all(clients.map((mcp) => recordingOf(mcp, id)))).toEqual([id, id]);
    } finally {
      await Promise.all(clients.map((mcp) => mcp.close()));
    }
  });
});

describe('delete_recording asks real clients that can ask', () => {
  const RUNS: Array<[ClientKind, 'stdio' | 'http', string]> = [
    ['v2', 'http', '2026-07-28 (input_required)'],
    ['v2', 'stdio', '2026-07-28 (input_required)'],
    ['v1', 'stdio', '2025 (elicitation)'],
  ];

  it.each(RUNS)('%s client over %s, %s: declined keeps the recording, confirmed deletes it', async (kind, transport) => {
    const id = await newRecording(`confirm-${kind}-${transport}`);
    const where: Target = transport === 'http' ? target() : { stdio: env };
    const declining = userWho('decline');
    const no = await connectDriver(kind, where, declining);
    try {
      expect(await no.callTool('delete_recording', { recordingId: id })).toMatchObject({
        isError: true,
        content: [{ text: expect.stringMatching(/^Not deleted: the user declined/) }],
      });
      expect(await recordingOf(no, id)).toBe(id);
    } finally {
      await no.close();
    }
    const confirming = userWho('accept');
    const yes = await connectDriver(kind, where, confirming);
    try {
      expect((await yes.callTool('delete_recording', { recordingId: id })).structuredContent).toMatchObject({ id, deleted: true });
      expect(await yes.callTool('get_recording', { recordingId: id })).toMatchObject({
        isError: true,
        content: [{ text: NOT_FOUND_RECORDING }],
      });
    } finally {
      await yes.close();
    }
    expect([...declining.asked, ...confirming.asked]).toEqual([
      expect.stringContaining(`ID ${id.slice(0, 8)}`),
      expect.stringContaining(`ID ${id.slice(0, 8)}`),
    ]);
  });
});
