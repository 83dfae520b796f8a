import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { Recording, RestClient } from 'screenrec';
import { z } from 'zod';
import { readSettings } from '../../packages/mcp-server/src/config';
import { connect } from '../../packages/mcp-server/src/connections';
import { startHostedServer } from '../../packages/mcp-server/src/hosted/node-server';
import { startHttpServer } from '../../packages/mcp-server/src/http-server';
import { silentLogger } from '../../packages/mcp-server/src/log';
import { sendWebResponse, toWebRequest } from '../../packages/mcp-server/src/node-web';
import { startReference, withChildren } from './children';
import { figure, paired, reported, type Figure } from './figure';
import { callRate, interleavedSamples, listen } from './measure';

type Rate = Awaited<ReturnType<typeof callRate>>;
const TOKEN = 'bench-local-token-5e6f7a8b';

/**
 * #12: a tool call through the hosted endpoint (`--hosted` on Node: the caller's credentials read from each request,
 * a server and ScreenRec clients built for it) beside the same call through the local server over HTTP (`--http`,
 * credentials from the environment, built once) and through a bare SDK tool served by createMcpHandler, all three
 * in this process over Streamable HTTP on loopback, from the same 2026-07-28 client, against the reference server
 * in its own process. Shown, not judged: what building per request costs.
 */
export async function benchMcpHosted(durationMs: number, rounds: number): Promise<Figure[]> {
  return withChildren(async (spawn) => {
    const service = await startReference(spawn('reference server'));
    const { workspaceId, apiKey } = service.demo;
    const rest = new RestClient({ baseUrl: service.baseUrl, workspaceId, apiKey });
    const { id } = await rest.requestRecording({ direction: 'REQUEST', tags: ['bench'], comment: 'MCP hosted' });
    const settings = { SCREENREC_BASE_URL: service.baseUrl, SCREENREC_WORKSPACE_ID: workspaceId, SCREENREC_API_KEY: apiKey };
    const local = await startHttpServer({ port: 0, token: TOKEN, connections: connect(readSettings(settings)), logger: silentLogger });
    const hosted = await startHostedServer(
      { baseUrl: service.baseUrl, toolTimeoutMs: 50_000 },
      { host: '127.0.0.1', port: 0, logger: silentLogger, loggerFor: () => silentLogger },
    );
    const bare = await bareSdkEndpoint(rest);
    const clients: Client[] = [];
    const clientOf = async (url: string, headers: Record<string, string>) => {
      const client = new Client({ name: 'bench', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
      await client.listTools();
      clients.push(client);
      return client;
    };
    try {
      const viaLocal = await clientOf(local.url, { authorization: `Bearer ${TOKEN}` });
      const viaHosted = await clientOf(hosted.url, { authorization: `Bearer ${apiKey}`, 'x-screenrec-workspace-id': workspaceId });
      const viaBare = await clientOf(bare.url, {});
      const callOn = (client: Client) => async () => {
        const result = await client.callTool({ name: 'get_recording', arguments: { recordingId: id } });
        if (result.isError) throw new Error(JSON.stringify(result.content));
      };
      const rate = (client: Client) => () => callRate(callOn(client), 1, durationMs);
      const [hostedRates, localRates, bareRates] = await interleavedSamples(rounds, [rate(viaHosted), rate(viaLocal), rate(viaBare)]);
      const micros = (samples: Rate[]) => samples.map((sample) => 1e6 / sample.perSecond);
      const cpu = (samples: Rate[]) => samples.map((sample) => sample.cpuMicrosPerCall);
      return [
        figure('hosted endpoint vs the local server, both over HTTP: get_recording, time per call', paired(micros(hostedRates!), micros(localRates!)), 'µs', reported),
        figure('same: CPU time per call (client and both servers share this process)', paired(cpu(hostedRates!), cpu(localRates!)), 'µs', reported),
        figure('hosted endpoint vs a bare SDK tool over HTTP, same core call: time per call', paired(micros(hostedRates!), micros(bareRates!)), 'µs', reported),
        figure('local server vs the bare SDK tool over HTTP: time per call', paired(micros(localRates!), micros(bareRates!)), 'µs', reported),
      ];
    } finally {
      await Promise.all(clients.map((client) => client.close()));
      await local.close();
      await hosted.close();
      await bare.close();
    }
  });
}

/** The least an HTTP MCP endpoint can do for the call: one SDK tool calling core, served by createMcpHandler. */
async function bareSdkEndpoint(rest: RestClient): Promise<{ url: string; close: () => Promise<void> }> {
  const mcp = createMcpHandler(() => {
    const server = new McpServer({ name: 'bare', version: '1.0.0' });
    server.registerTool('get_recording', { inputSchema: z.object({ recordingId: z.string() }), outputSchema: Recording }, async ({ recordingId }, ctx) => {
      const recording = await rest.getRecording(recordingId, { signal: ctx.mcpReq.signal, deadline: Date.now() + 50_000 });
      return { content: [{ type: 'text', text: recording.id }], structuredContent: recording };
    });
    return server;
  });
  const { url, close } = await listen((request, response) => {
    void (async () => sendWebResponse(await mcp.fetch(toWebRequest(request, response)), response))();
  });
  return {
    url: `${url}/mcp`,
    close: async () => {
      await mcp.close();
      await close();
    },
  };
}
