// What every platform offers, read from its built package: the input of every artefact `npm run docs:surfaces` writes.
import { readMcpTools, type McpTool } from './mcp';
import { readN8nPackage, type N8nPackage } from './n8n';
import { readNodeRedNodes, type NodeRedNode } from './node-red';
import { readZapierSteps, type ZapierStep } from './zapier';

export interface Surfaces {
  zapier: ZapierStep[];
  n8n: N8nPackage;
  mcp: McpTool[];
  nodeRed: NodeRedNode[];
}

export async function readSurfaces(repoRoot: string): Promise<Surfaces> {
  // The MCP server starts in a process of its own while the other packages load here.
  const mcp = readMcpTools(repoRoot);
  try {
    const zapier = readZapierSteps(repoRoot);
    const n8n = readN8nPackage(repoRoot);
    const nodeRed = readNodeRedNodes(repoRoot);
    return { zapier, n8n, mcp: await mcp, nodeRed };
  } catch (error) {
    // The server is closed either way before the failure is told.
    await mcp.catch(() => undefined);
    throw error;
  }
}
