import type { NodeAPI, RuntimeEvent, RuntimeNode } from './red';

/**
 * What a node carries across a redeploy. Node-RED restarts a node (a full deploy, or a deploy touching it or its
 * connection) by closing it and creating a new instance with the same ID: the closing instance leaves its work here
 * under that ID and the new one takes it. Whatever no instance took when Node-RED itself stops is given to the type's
 * `onStop`, which says what becomes of it.
 */
export class Handover<T> {
  private readonly left = new Map<string, T>();

  leave(nodeId: string, state: T): void {
    this.left.set(nodeId, state);
  }

  take(nodeId: string): T | undefined {
    const state = this.left.get(nodeId);
    this.left.delete(nodeId);
    return state;
  }

  /** Everything still left, emptied. */
  drain(): Array<[string, T]> {
    const all = [...this.left];
    this.left.clear();
    return all;
  }
}

/** The running instance of each node ID: where work begun by an instance that has closed since reports. */
export class Owners {
  private readonly running = new Map<string, RuntimeNode>();

  claim(node: RuntimeNode): void {
    this.running.set(node.id, node);
  }

  release(node: RuntimeNode): void {
    if (this.running.get(node.id) === node) this.running.delete(node.id);
  }

  of(nodeId: string): RuntimeNode | undefined {
    return this.running.get(nodeId);
  }
}

const stopListeners = new Map<string, () => void>();
const stateListeners = new Map<string, (running: boolean) => void>();
const watchedBuses = new WeakSet<object>();

/** The state Node-RED's runtime reports for its flows ('start' or 'stop'), and whether a deploy caused it. */
function flowState(event: RuntimeEvent): { state: 'start' | 'stop'; deploy: boolean } | undefined {
  const payload = event.payload;
  if (event.id !== 'runtime-state' || typeof payload !== 'object' || payload === null) return undefined;
  // A state that reports a problem (missing node types) comes before any flow started.
  if (!('state' in payload) || 'error' in payload) return undefined;
  if (payload.state !== 'start' && payload.state !== 'stop') return undefined;
  return { state: payload.state, deploy: 'deploy' in payload && payload.deploy === true };
}

let flowsRunning = false;
let runWaiters: Array<(started: boolean) => void> = [];

function settleRunWaiters(started: boolean): void {
  const waiters = runWaiters;
  runWaiters = [];
  for (const waiter of waiters) waiter(started);
}

function watch(RED: NodeAPI): void {
  if (watchedBuses.has(RED.events)) return;
  watchedBuses.add(RED.events);
  RED.events.on('runtime-event', (event) => {
    const state = flowState(event);
    if (state === undefined) return;
    flowsRunning = state.state === 'start';
    for (const listener of stateListeners.values()) listener(flowsRunning);
    if (flowsRunning) settleRunWaiters(true);
    else if (!state.deploy) {
      for (const stop of stopListeners.values()) stop();
      settleRunWaiters(false);
    }
  });
}

/**
 * Resolves true once Node-RED's flows run (at once when they do), false if Node-RED stops them without a deploy
 * first. A node must not send while its flow is starting: a node further on may not exist yet, and Node-RED drops
 * a message sent to it without a word.
 */
export function whenFlowsRun(): Promise<boolean> {
  return flowsRunning ? Promise.resolve(true) : new Promise((resolve) => runWaiters.push(resolve));
}

/**
 * Calls `listener` when Node-RED stops its flows without a deploy to start them again (a shutdown, or the editor's
 * "stop flows"), once every node has closed. One listener per `name`: registering a type again (a test runtime loads it
 * per flow) replaces it.
 */
export function onRuntimeStop(RED: NodeAPI, name: string, listener: () => void): void {
  stopListeners.set(name, listener);
  watch(RED);
}

/** Calls `listener` with true each time Node-RED's flows have started, with false each time they stopped. */
export function onFlowsState(RED: NodeAPI, name: string, listener: (running: boolean) => void): void {
  stateListeners.set(name, listener);
  watch(RED);
}
