import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as InMemoryTransportV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { Recording, RestClient } from 'screenrec';
import { z } from 'zod';
import { readSettings } from '../../packages/mcp-server/src/config';
import { connect } from '../../packages/mcp-server/src/connections';
import { silentLogger } from '../../packages/mcp-server/src/log';
import { createScreenRecServer } from '../../packages/mcp-server/src/server';
import { startReference, withChildren } from './children';
import { atMost, figure, paired, reported, type Figure } from './figure';
import { callRate, evenRounds, interleavedSamples } from './measure';

type Rate = Awaited<ReturnType<typeof callRate>>;

/**
 * #7: what our MCP server adds to a tool call. An MCP client calls get_recording through our server (over the
 * SDK's in-memory transport, so no process or pipe is counted) against the least an MCP server can do for the
 * same call: the SDK's McpServer with one tool making the same core call, RestClient.getRecording with the same
 * options. Judged: ours at most 1.15× that bare SDK tool. Shown: ours against the core call alone, with and without
 * the options (the rest is the SDK's own parsing and dispatch). Both against the reference server in its own
 * process, as a user's agent meets the service. Both clients speak 2025-11-25 here: a server connected directly
 * (McpServer.connect) serves the 2025 revisions; 2026-07-28 is served through serveStdio or createMcpHandler.
 */
export async function benchMcpOverhead(durationMs: number, rounds: number): Promise<Figure[]> {
  return withChildren(async (spawn) => {
    const service = await startReference(spawn('reference server'));
    const { workspaceId, apiKey } = service.demo;
    const settings = { SCREENREC_BASE_URL: service.baseUrl, SCREENREC_WORKSPACE_ID: workspaceId, SCREENREC_API_KEY: apiKey };
    const rest = new RestClient({ baseUrl: service.baseUrl, workspaceId, apiKey });
    const { id } = await rest.requestRecording({ direction: 'REQUEST', tags: ['bench'], comment: 'MCP overhead' });
    const server = createScreenRecServer(connect(readSettings(settings)), silentLogger);
    const client = new Client({ name: 'bench', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const bareSdk = await bareSdkTool(rest);
    // The client most hosts embed today (a 2025 client, the v1 SDK), on a server instance of its own.
    const server2025 = createScreenRecServer(connect(readSettings(settings)), silentLogger);
    const client2025 = new ClientV1({ name: 'bench-2025', version: '1.0.0' });
    const [clientSide2025, serverSide2025] = InMemoryTransportV1.createLinkedPair();
    try {
      await Promise.all([server.connect(serverSide), client.connect(clientSide), server2025.connect(serverSide2025), client2025.connect(clientSide2025)]);
      await client2025.listTools();
      // A real client lists the tools first; the SDK client then checks each result against its output schema.
      await client.listTools();
      const toolCall = async () => {
        const result = await client.callTool({ name: 'get_recording', arguments: { recordingId: id } });
        if (result.isError) throw new Error(JSON.stringify(result.content));
      };
      // The tool passes core the client's abort signal (one AbortController per MCP request) and a deadline, as the
      // bare SDK tool does; the same core call made directly, and core's own cost for those options, are shown.
      const coreCall = () => rest.getRecording(id, { signal: new AbortController().signal, deadline: Date.now() + 50_000 });
      const bareCoreCall = () => rest.getRecording(id);
      const sdkToolCall = async () => {
        const result = await bareSdk.client.callTool({ name: 'get_recording', arguments: { recordingId: id } });
        if (result.isError) throw new Error(JSON.stringify(result.content));
      };
      const toolCall2025 = async () => {
        const result = await client2025.callTool({ name: 'get_recording', arguments: { recordingId: id } });
        if (result.isError) throw new Error(JSON.stringify(result.content));
      };
      // The judged pair on its own, in three times the rounds at half the length: each cycle compares the two within
      // moments of each other, and many short cycles outvote a load that swings within seconds. Then, fewer rounds
      // for what is only shown.
      const rate = (call: () => Promise<unknown>, ms = durationMs) => () => callRate(call, 1, ms);
      const [ours, sdk] = await interleavedSamples(rounds * 3, [rate(toolCall, durationMs / 2), rate(sdkToolCall, durationMs / 2)]);
      const shownRounds = evenRounds(rounds / 2);
      const [oursShown, baseline, bare, ours2025] = await interleavedSamples(shownRounds, [
        rate(toolCall),
        rate(coreCall),
        rate(bareCoreCall),
        rate(toolCall2025),
      ]);
      const micros = (samples: Rate[]) => samples.map((sample) => 1e6 / sample.perSecond);
      const cpu = (samples: Rate[]) => samples.map((sample) => sample.cpuMicrosPerCall);
      const time = (o: Rate[], b: Rate[]) => paired(micros(o), micros(b));
      return [
        figure('MCP tool call get_recording vs a bare SDK tool, same core call: time per call', time(ours!, sdk!), 'µs', atMost(1.15)),
        figure('same: CPU time per call in the client process', paired(cpu(ours!), cpu(sdk!)), 'µs', reported),
        figure('MCP tool call vs the core call it makes (the rest is the SDK): time per call', time(oursShown!, baseline!), 'µs', reported),
        figure('MCP tool call vs core call without signal and deadline: time per call', time(oursShown!, bare!), 'µs', reported),
        figure('the same tool call from a 2025 client (v1 SDK) vs the core call: time per call', time(ours2025!, baseline!), 'µs', reported),
      ];
    } finally {
      await client.close();
      await server.close();
      await client2025.close();
      await server2025.close();
      await bareSdk.close();
    }
  });
}

/** The least an MCP server can do for the same call: the SDK's McpServer with one tool that calls core and returns. */
async function bareSdkTool(rest: RestClient): Promise<{ client: Client; close: () => Promise<void> }> {
  const server = new McpServer({ name: 'bare', version: '1.0.0' });
  server.registerTool(
    'get_recording',
    { inputSchema: z.object({ recordingId: z.string() }), outputSchema: Recording },
    async ({ recordingId }, ctx) => {
      const recording = await rest.getRecording(recordingId, { signal: ctx.mcpReq.signal, deadline: Date.now() + 50_000 });
      return { content: [{ type: 'text', text: recording.id }], structuredContent: recording };
    },
  );
  const client = new Client({ name: 'bench', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  await client.listTools();
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
