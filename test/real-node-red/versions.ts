/**
 * The Node-RED releases `npm run test:node-red` runs every check on, oldest first, and the Node each runs on:
 * a Node 20 release (the machine's own Node when it is a Node 20, as on a maintainer's machine; otherwise, as in CI's
 * Node 22 container, that release from the npm registry's `node` package, installed once into `.cache/`), or
 * `pinned`, the Node 22 the repository pins (node_modules/node), which Node-RED 5 needs (22.9 or newer).
 */
export interface NodeRedTarget {
  nodeRed: string;
  node: { node20: string } | 'pinned';
}

export const NODE_RED_TARGETS: readonly NodeRedTarget[] = [
  { nodeRed: '4.1.8', node: { node20: '20.20.2' } },
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
