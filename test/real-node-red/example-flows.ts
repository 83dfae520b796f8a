import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { RunningServer } from '../support/reference-server';

/** A node of a flow file, with what this suite reads of it; every other property is kept as it is. */
const FlowNode = z
  .object({ id: z.string(), type: z.string(), z: z.string().optional(), wires: z.array(z.array(z.string())).optional() })
  .passthrough();
export type FlowNode = z.output<typeof FlowNode>;
const FlowFile = z.array(FlowNode);

/** Our package's npm name: where it is installed in a user directory, and what GET /nodes calls its module. */
export const PACKAGE_NAME = '@screenrec/node-red-screenrec';

/** The package as installed in a Node-RED user directory. */
export function installedPackage(userDir: string): string {
  return path.join(userDir, 'node_modules', ...PACKAGE_NAME.split('/'));
}

export const TYPES = {
  connection: 'screenrec-connection',
  action: 'screenrec',
  wait: 'screenrec-wait',
  videoReady: 'screenrec-video-ready',
} as const;

export interface Example {
  file: string;
  nodes: FlowNode[];
}

/** Every flow the installed package ships in examples/ (what Import → Examples offers), parsed. */
export function shippedExamples(packageFolder: string): Example[] {
  const folder = path.join(packageFolder, 'examples');
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.json'));
  if (files.length === 0) throw new Error(`the package ships no example flows in ${folder}`);
  return files.sort().map((file) => ({ file, nodes: FlowFile.parse(JSON.parse(readFileSync(path.join(folder, file), 'utf8'))) }));
}

/** What a person fills in on the config node's dialog: plain properties, and the two secrets as credentials. */
export interface ConnectionValues {
  serviceUrl: string;
  workspaceId: string;
  publicUrl: string;
  backendToken: string;
  apiKey: string;
}

/**
 * The reference service's demo workspace, as a person fills it in for a Node-RED at `nodeRedUrl`: its n8n
 * integration's backend token (the hook knows only n8n and Zapier) and its API key.
 */
export function demoConnection(server: RunningServer, nodeRedUrl: string): ConnectionValues {
  return {
    serviceUrl: server.baseUrl,
    workspaceId: server.demo.workspaceId,
    publicUrl: nodeRedUrl,
    backendToken: server.demo.tokens.N8N,
    apiKey: server.demo.apiKey,
  };
}

/**
 * The examples as one deployment, as a person imports each from Import → Examples into a tab of its own: each
 * example's nodes on a new tab, each config node filled in with `values` (the secrets in `credentials`, which the
 * admin API stores in flows_cred.json), each debug node switched on and showing in the sidebar.
 */
export function deployment(examples: Example[], values: ConnectionValues): FlowNode[] {
  const { backendToken, apiKey, ...plain } = values;
  return examples.flatMap((example, index) => {
    const tab = { id: `screenrec-example-${index + 1}`, type: 'tab', label: example.file.replace(/\.json$/, '') };
    const nodes = example.nodes.map((node): FlowNode => {
      if (node.type === TYPES.connection) return { ...node, ...plain, credentials: { backendToken, apiKey } };
      if (node.type === 'debug') return { ...node, z: tab.id, active: true, tosidebar: true };
      return { ...node, z: tab.id };
    });
    return [tab, ...nodes];
  });
}

/** The debug nodes a message from any node of `type` reaches by following wires (only the first wire: `directly`). */
export function debugNodesAfter(nodes: FlowNode[], type: string, { directly = false } = {}): string[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const seen = new Set<string>();
  const queue = nodes.filter((node) => node.type === type).flatMap((node) => node.wires?.flat() ?? []);
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!directly) queue.push(...(byId.get(id)?.wires?.flat() ?? []));
  }
  return [...seen].filter((id) => byId.get(id)?.type === 'debug');
}

/** The flow without every node of `type`: what a person deploys after deleting those nodes. */
export function without(nodes: FlowNode[], type: string): FlowNode[] {
  return nodes.filter((node) => node.type !== type);
}

export function idsOfType(nodes: FlowNode[], type: string): string[] {
  return nodes.filter((node) => node.type === type).map((node) => node.id);
}
