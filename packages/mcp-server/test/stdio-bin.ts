import path from 'node:path';
import { existsSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';

/** The built bin, as `npx @screenrec/mcp-server` or a desktop client's `command` runs it. */
export const MCP_BIN = path.join(__dirname, '../dist/main.js');

export interface SpawnedServer {
  client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr: () => string;
  /**
   * Resolves once stderr holds `text`: for a log line the bin writes after its answer has gone out. No time limit of
   * its own: jest's ends a test whose line never comes.
   */
  stderrSays(text: string): Promise<void>;
  close(): Promise<void>;
}

/** Spawns the bin the way a desktop MCP client does (stdio, an `env` block) and connects the SDK's client to it. */
export async function spawnStdioServer(env: Record<string, string>): Promise<SpawnedServer> {
  if (!existsSync(MCP_BIN)) throw new Error('The MCP server is not built: run `npm run build -w @screenrec/mcp-server` first.');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MCP_BIN],
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stderrSays = (text: string) =>
    new Promise<void>((resolve) => {
      const look = () => {
        if (!stderr.includes(text)) return;
        sink.off('data', look);
        resolve();
      };
      sink.on('data', look);
      look();
    });
  const client = new Client({ name: 'screenrec-e2e', version: '1.0.0' });
  await client.connect(transport);
  transport.stderr?.pipe(sink);
  return { client, stderr: () => stderr, stderrSays, close: () => client.close() };
}
