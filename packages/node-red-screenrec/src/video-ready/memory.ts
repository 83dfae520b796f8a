import { writeContext } from '../context-store';
import { asError } from '../in-flight';
import type { NodeMessage } from '../red';
import { accountedFor, finishedRecordings } from './catch-up';
import type { VideoReadyRuntime } from './runtime';
import { CALL_BUDGET_MS, SUBSCRIPTION_CONTEXT_KEY, storedOf, type Subscription } from './subscriptions';

// What Video Ready keeps across a restart, in a persistent context store only: the subscription, and which finished
// recordings it has accounted for, so that a catch-up sends only what finished while Node-RED was down.

/** Writes the subscription to a persistent context store (in order); memory-only context keeps nothing. */
export function save(runtime: VideoReadyRuntime, subscription: Subscription): void {
  const { subscriptionId, nodeId } = subscription;
  const node = runtime.owners.of(nodeId) ?? runtime.contextNodes.get(nodeId);
  if (!runtime.persistent || subscriptionId === undefined || subscription.retired || node === undefined) return;
  const stored = storedOf({ ...subscription, subscriptionId });
  subscription.saving = subscription.saving
    .then(() => writeContext(node, SUBSCRIPTION_CONTEXT_KEY, stored))
    .catch((error: unknown) => runtime.voice(nodeId).warn(runtime.t('log.notSaved', { reason: asError(error).message })));
}

/** A recording sent on is accounted for: a catch-up after a restart does not send it again. */
export function remember(runtime: VideoReadyRuntime, subscription: Subscription, msg: NodeMessage): void {
  const payload = msg.payload as { recordingId?: unknown; recording?: { createdDate?: unknown } | null } | undefined;
  if (subscription.known === null || typeof payload?.recordingId !== 'string') return;
  const created = payload.recording?.createdDate;
  subscription.known = { ...subscription.known, [payload.recordingId]: typeof created === 'string' ? created : new Date().toISOString() };
  save(runtime, subscription);
}

/** Reads which recordings are finished now, and accounts for them: none of them is sent. */
export function baseline(runtime: VideoReadyRuntime, subscription: Subscription): void {
  const { connection, nodeId } = subscription;
  if (!runtime.persistent || !connection.hasRest) return;
  void subscription.work
    .run((signal) => finishedRecordings(connection, Date.now(), { signal, deadline: Date.now() + CALL_BUDGET_MS }))
    .then(
      (result) => {
        if (result === undefined) return;
        subscription.known = accountedFor({}, result.value, Date.now());
        save(runtime, subscription);
      },
      (error: unknown) => runtime.voice(nodeId).warn(runtime.t('log.catchUpFailed', { reason: asError(error).message })),
    );
}
