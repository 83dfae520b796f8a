import * as z from 'zod/v4';
import type { NodeAPI, RuntimeNode } from './red';

const StoreConfig = z.union([z.string(), z.object({ module: z.unknown() }).loose()]);
const ContextStorage = z.record(z.string(), StoreConfig);

/**
 * Whether the default context store outlives a restart of Node-RED: it does unless settings.js configures none (Node-RED
 * then keeps context in memory and deletes a node's context whenever the node closes) or its default is `memory`.
 * `default` may name another store; without one, the first store listed is the default, as Node-RED reads it.
 */
export function contextIsPersistent(settings: NodeAPI['settings']): boolean {
  const parsed = ContextStorage.safeParse(settings.contextStorage);
  if (!parsed.success) return false;
  const stores = parsed.data;
  let chosen = stores.default ?? Object.values(stores)[0];
  if (typeof chosen === 'string') chosen = stores[chosen];
  if (chosen === undefined || typeof chosen === 'string') return false;
  return chosen.module !== 'memory';
}

/** A value of the node's context in the default store (undefined when unset). */
export function readContext(node: RuntimeNode, key: string): Promise<unknown> {
  return new Promise((resolve, reject) => node.context().get(key, (error, value) => (error ? reject(error) : resolve(value))));
}

/** Sets (or, with undefined, deletes) a value of the node's context in the default store. */
export function writeContext(node: RuntimeNode, key: string, value: unknown): Promise<void> {
  return new Promise((resolve, reject) => node.context().set(key, value, (error) => (error ? reject(error) : resolve())));
}

/**
 * A message as a context store can keep it: the top-level properties that JSON can write (a Buffer becomes
 * `{ type: 'Buffer', data }`), without those it cannot (`msg.req` and `msg.res` of an HTTP In node, functions, circular
 * values), which are named in `dropped`.
 */
export function storableMessage(msg: Record<string, unknown>): { msg: Record<string, unknown>; dropped: string[] } {
  const kept: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const [name, value] of Object.entries(msg)) {
    let text: string | undefined;
    try {
      text = JSON.stringify(value);
    } catch {
      text = undefined;
    }
    if (text === undefined) dropped.push(name);
    else kept[name] = JSON.parse(text) as unknown;
  }
  return { msg: kept, dropped };
}
