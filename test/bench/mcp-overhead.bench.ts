import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { RestClient } from '@screenrec/core';
import { readSettings } from '../../packages/mcp-server/src/config';
import { connect } from '../../packages/mcp-server/src/connections';
import { silentLogger } from '../../packages/mcp-server/src/log';
import { createScreenRecServer } from '../../packages/mcp-server/src/server';
import { atMost, callRate, fromSamples, interleavedSamples, listen, reported, type Figure } from './measure';

type Rate = Awaited<ReturnType<typeof callRate>>;

const WORKSPACE_ID = '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
const RECORDING_ID = '0b7c2d1e-3f4a-4b5c-9d6e-7f8a9b0c1d2e';
const API_KEY = 'bench-api-key';

/**
 * The MCP server's cost on top of core: an MCP client calling get_video_url through our server (over the SDK's
 * in-memory transport, so no process or pipe is counted) against the bare core call it makes, RestClient.getVideoUrl,
 * both on one constant-answer loopback service in this process.
 */
export async function benchMcpOverhead(durationMs: number, rounds: number): Promise<Figure[]> {
  const answer = JSON.stringify({ url: `http://127.0.0.1/videos/${RECORDING_ID}?expires=1&signature=abc` });
  const { url, close } = await listen((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(answer));
  });
  const settings = { SCREENREC_BASE_URL: url, SCREENREC_WORKSPACE_ID: WORKSPACE_ID, SCREENREC_API_KEY: API_KEY };
  const server = createScreenRecServer(connect(readSettings(settings)), silentLogger);
  const client = new Client({ name: 'bench', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  try {
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    // A real client lists the tools first; the SDK client then checks each result against its output schema.
    await client.listTools();
    const rest = new RestClient({ baseUrl: url, workspaceId: WORKSPACE_ID, apiKey: API_KEY });
    const toolCall = async () => {
      const result = await client.callTool({ name: 'get_video_url', arguments: { recordingId: RECORDING_ID } });
      if (result.isError) throw new Error(JSON.stringify(result.content));
    };
    const coreCall = () => rest.getVideoUrl(RECORDING_ID);
    const [ours, baseline] = await interleavedSamples(rounds, [() => callRate(toolCall, 1, durationMs), () => callRate(coreCall, 1, durationMs)]);
    const micros = (samples: Rate[]) => samples.map((sample) => 1e6 / sample.perSecond);
    const cpu = (samples: Rate[]) => samples.map((sample) => sample.cpuMicrosPerCall);
    return [
      fromSamples((o, b) => atMost('MCP tool call get_video_url vs bare core call: time per call', o, b, 'µs', 1.2), micros(ours!), micros(baseline!)),
      fromSamples((o, b) => reported('same: CPU time per call, client, server and service', o, b, 'µs'), cpu(ours!), cpu(baseline!)),
    ];
  } finally {
    await client.close();
    await server.close();
    await close();
  }
}
