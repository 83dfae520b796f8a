import { OPERATIONS } from 'screenrec';
import * as z from 'zod/v4';
import type { KnownVideos } from './catch-up';
import type { Connection } from '../connection/connection';
import { InFlight } from '../in-flight';
import type { NodeMessage } from '../red';
import { digestOf, secretOf } from './receiver';

/** The time subscribing, unsubscribing and each recording's lookup may take. */
export const CALL_BUDGET_MS = 30_000;
/** Where a Video Ready node keeps its subscription in a persistent context store: no secret, only its digest. */
export const SUBSCRIPTION_CONTEXT_KEY = 'screenrec-subscription';
export const StoredSubscription = z.object({
  nonce: z.string(),
  subscriptionId: z.string(),
  secretDigest: z.string(),
  /** Null until the node has read which recordings were already finished when it subscribed. */
  known: z.record(z.string(), z.string()).nullable().default(null),
});
export type StoredSubscription = z.infer<typeof StoredSubscription>;

/**
 * One Video Ready node's subscription, kept by node ID outside the node's instance: a redeploy that keeps the node and
 * its connection hands it to the new instance as it is (the same address keeps taking notifications meanwhile, and
 * lookups under way go on), so ScreenRec sees no gap and no new subscription.
 */
export interface Subscription {
  nodeId: string;
  connection: Connection;
  nonce: string;
  secret: string;
  subscriptionId?: string;
  /** The subscribe under way: the ID ScreenRec gave, or undefined when it failed or was cancelled. */
  subscribing?: Promise<string | undefined>;
  /** Ended: the node was removed or its connection changed; a subscribe under way is undone when it returns. */
  retired: boolean;
  /** Node-RED stopped: its work was cancelled, and nothing more is sent for it. */
  stopped: boolean;
  stopListening: () => void;
  /** The subscribe and the lookups of answered notifications: cancelled only when Node-RED stops. */
  work: InFlight;
  /** Messages whose lookup ended while the node was between two instances: the next instance sends them. */
  pending: NodeMessage[];
  /** The finished recordings accounted for (see catch-up.ts); null while not known. */
  known: KnownVideos | null;
  /** The writes of the subscription to the context store, in order. */
  saving: Promise<void>;
}

export const subscriptions = new Map<string, Subscription>();

/** What a subscription is for: the node, and where and as whom it subscribes. */
function partsOf(nodeId: string, connection: Connection): string[] {
  const { serviceUrl, integration, publicUrl } = connection.settings;
  return [nodeId, serviceUrl, integration, publicUrl];
}

export function newSubscription(nodeId: string, connection: Connection, nonce: string): Subscription {
  return {
    nodeId,
    connection,
    nonce,
    secret: secretOf(connection.settings.backendToken, partsOf(nodeId, connection), nonce),
    retired: false,
    stopped: false,
    stopListening: () => {},
    work: new InFlight(),
    pending: [],
    known: null,
    saving: Promise.resolve(),
  };
}

/** The subscription kept in the context store, when it was made by this node with this connection. */
export function restoredSubscription(nodeId: string, connection: Connection, stored: StoredSubscription): Subscription | undefined {
  const subscription = newSubscription(nodeId, connection, stored.nonce);
  if (digestOf(subscription.secret) !== stored.secretDigest) return undefined;
  subscription.subscriptionId = stored.subscriptionId;
  subscription.known = stored.known;
  return subscription;
}

export function storedOf(subscription: Subscription & { subscriptionId: string }): StoredSubscription {
  return {
    nonce: subscription.nonce,
    subscriptionId: subscription.subscriptionId,
    secretDigest: digestOf(subscription.secret),
    known: subscription.known,
  };
}

/** Whether `connection` would make the same subscription for the node (a redeploy that left it alone). */
export function sameConnection(subscription: Subscription, connection: Connection): boolean {
  return secretOf(connection.settings.backendToken, partsOf(subscription.nodeId, connection), subscription.nonce) === subscription.secret;
}

/**
 * Ends a subscription: its address stops taking notifications (they are answered 410) and ScreenRec is asked to
 * remove it, a subscribe under way included, once it returns its ID. Resolves when the unsubscribe is answered, or
 * at once when a subscribe is still under way (`unsubscribed` says when that one is removed).
 */
export function retire(
  subscription: Subscription,
  onFailure: (error: unknown) => void,
): { now: Promise<void>; unsubscribed: Promise<void> } {
  subscription.retired = true;
  if (subscriptions.get(subscription.nodeId) === subscription) subscriptions.delete(subscription.nodeId);
  subscription.stopListening();
  const known = subscription.subscriptionId;
  const unsubscribed = (known === undefined ? (subscription.subscribing ?? Promise.resolve(undefined)) : Promise.resolve(known))
    .then((id) => (id === undefined ? undefined : unsubscribe(subscription.connection, id)))
    .catch(onFailure);
  return { now: known === undefined ? Promise.resolve() : unsubscribed, unsubscribed };
}

async function unsubscribe(connection: Connection, subscriptionId: string): Promise<void> {
  const call = { deadline: Date.now() + CALL_BUDGET_MS };
  const client = await connection.hook(OPERATIONS.videoReady.name).client(call);
  await client.unsubscribe(subscriptionId, call);
}
