/**
 * The Node-RED releases `npm run test:node-red` runs every check on, oldest first, and the Node each runs on:
 * `machine` is the machine's own Node (20); `pinned` is the Node 22 the repository pins (node_modules/node), which
 * Node-RED 5 needs (22.9 or newer). The package README's compatibility line names the same releases.
 */
export interface NodeRedTarget {
  nodeRed: string;
  node: 'machine' | 'pinned';
}

export const NODE_RED_TARGETS: readonly NodeRedTarget[] = [
  { nodeRed: '4.1.8', node: 'machine' },
  { nodeRed: '5.0.7', node: 'pinned' },
];

/** The release the editor suite drives: the newest. */
export const EDITOR_TARGET: NodeRedTarget = NODE_RED_TARGETS[NODE_RED_TARGETS.length - 1]!;

/** `REAL_NODE_RED_VERSIONS=5.0.7` runs only the listed releases (for local work on one of them). */
export function selectedNodeRedTargets(filter = process.env.REAL_NODE_RED_VERSIONS): NodeRedTarget[] {
  if (filter === undefined || filter.trim() === '') return [...NODE_RED_TARGETS];
  const wanted = filter.split(',').map((version) => version.trim());
  const unknown = wanted.filter((version) => !NODE_RED_TARGETS.some((target) => target.nodeRed === version));
  if (unknown.length > 0)
    throw new Error(`REAL_NODE_RED_VERSIONS names ${unknown.join(', ')}, which test/real-node-red/versions.ts does not list`);
  return NODE_RED_TARGETS.filter((target) => wanted.includes(target.nodeRed));
}
