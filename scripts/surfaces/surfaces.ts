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
  return {
    zapier: readZapierSteps(repoRoot),
    n8n: readN8nPackage(repoRoot),
    mcp: await readMcpTools(repoRoot),
    nodeRed: readNodeRedNodes(repoRoot),
  };
}
