import type { NodeAPI } from './red';
import { registerAction } from './action/node';
import { registerConnection } from './connection/node';
import { registerVideoReady } from './video-ready/node';
import { registerWait } from './wait/node';

/**
 * Every node of the package, by the name its file has in package.json's `node-red.nodes`: the build writes one small
 * file per node that calls its function here, so the nodes share one copy of core and zod.
 */
export const NODE_FILES = {
  'screenrec-connection': (RED: NodeAPI) => registerConnection(RED),
  screenrec: (RED: NodeAPI) => registerAction(RED),
  'screenrec-wait': (RED: NodeAPI) => registerWait(RED),
  'screenrec-video-ready': (RED: NodeAPI) => registerVideoReady(RED),
} as const;
