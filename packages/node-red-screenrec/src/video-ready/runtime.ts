import { contextIsPersistent } from '../context-store';
import { Owners } from '../handover';
import { word } from '../locale';
import type { NodeAPI, RuntimeNode } from '../red';

export const VIDEO_READY_TYPE = 'screenrec-video-ready';

/** What the parts of Video Ready share in one Node-RED runtime: its words, its log, its store and its node instances. */
export interface VideoReadyRuntime {
  RED: NodeAPI;
  t(key: string, values?: Record<string, string>): string;
  /** Whether a persistent context store keeps subscriptions (and the recordings accounted for) across a restart. */
  persistent: boolean;
  owners: Owners;
  /** The node instance whose context holds a subscription: the running one, else the last that ran. */
  contextNodes: Map<string, RuntimeNode>;
  /** Whether the flows run: while they start, a node further on may not exist yet. */
  flowsRunning: boolean;
  /** Where a subscription's words go: its node's running instance, else Node-RED's log. */
  voice(nodeId: string): Pick<RuntimeNode, 'warn' | 'error'> | NodeAPI['log'];
  showOn(nodeId: string, status: Parameters<RuntimeNode['status']>[0]): void;
}

// One per module, as before the split: a redeploy's new instance takes over its predecessor's subscription.
const owners = new Owners();

export function videoReadyRuntime(RED: NodeAPI): VideoReadyRuntime {
  return {
    RED,
    t: (key, values) => word(RED._.bind(RED), VIDEO_READY_TYPE, key, values),
    persistent: contextIsPersistent(RED.settings),
    owners,
    contextNodes: new Map(),
    flowsRunning: false,
    voice: (nodeId) => owners.of(nodeId) ?? RED.log,
    showOn: (nodeId, status) => owners.of(nodeId)?.status(status),
  };
}
