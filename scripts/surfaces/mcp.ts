// The MCP server's tools, as a client lists them from the built bin (packages/mcp-server/dist/main.js) over stdio.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';

export interface McpTool {
  name: string;
  title: string;
  description: string;
  /** In words, by the hints a client acts on: "read-only", "destructive", "idempotent", "open world". */
  hints: string[];
}

/**
 * Every setting filled in, so that the tools offered only with a backend token are listed too. Nothing is sent
 * anywhere: listing tools makes no request to ScreenRec.
 */
const EVERY_SETTING = {
  SCREENREC_BASE_URL: 'https://screenrec.invalid',
  SCREENREC_WORKSPACE_ID: '0b7c9e2a-1d3f-4a5b-8c6d-7e8f9a0b1c2d',
  SCREENREC_API_KEY: 'surfaces-doc-api-key',
  SCREENREC_BACKEND_TOKEN: 'surfaces-doc-backend-token',
};

interface Annotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** The hints that hold, with the protocol's defaults for those left out (a tool that writes is destructive and open world unless it says not). */
export function hintsOf(annotations: Annotations = {}): string[] {
  const readOnly = annotations.readOnlyHint === true;
  return [
    ...(readOnly ? ['read-only'] : []),
    ...(!readOnly && annotations.destructiveHint !== false ? ['destructive'] : []),
    ...(annotations.idempotentHint === true ? ['idempotent'] : []),
    ...(annotations.openWorldHint !== false ? ['open world'] : []),
  ];
}

/** Every tool, in the order the server lists them. */
export async function readMcpTools(repoRoot: string): Promise<McpTool[]> {
  const bin = join(repoRoot, 'packages/mcp-server/dist/main.js');
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`npm run build\` first`);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin],
    env: { ...getDefaultEnvironment(), ...EVERY_SETTING },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'screenrec-surfaces-doc', version: '1.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    return tools.map((tool) => ({
      name: tool.name,
      title: tool.title ?? tool.annotations?.title ?? tool.name,
      description: tool.description ?? '',
      hints: hintsOf(tool.annotations),
    }));
  } finally {
    await client.close();
  }
}
