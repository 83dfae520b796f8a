import { OPERATIONS } from 'screenrec';
import type { Connection } from '../connection/connection';
import { asError, failureCode } from '../in-flight';
import { deliverFor } from './delivery';
import { baseline, save } from './memory';
import { callbackUrl, listen } from './receiver';
import type { VideoReadyRuntime } from './runtime';
import { CALL_BUDGET_MS, subscriptions, type Subscription } from './subscriptions';

/** Takes notifications at the subscription's address from now on. */
export function startListening(runtime: VideoReadyRuntime, subscription: Subscription): void {
  subscription.stopListening = listen(subscription.secret, deliverFor(runtime, subscription));
}

/** Subscribes the subscription's address with CALLBACK_SUBSCRIBE; on failure stops listening and says why. */
export function subscribe(runtime: VideoReadyRuntime, subscription: Subscription): void {
  const { t, showOn, voice } = runtime;
  const { connection, nodeId } = subscription;
  showOn(nodeId, { fill: 'blue', shape: 'ring', text: t('status.subscribing') });
  subscription.subscribing = subscription.work
    .run(async (signal) => {
      const client = await connection.hook(OPERATIONS.videoReady.name).client({ signal, deadline: Date.now() + CALL_BUDGET_MS });
      const url = callbackUrl(connection.settings.publicUrl, subscription.secret);
      return (await client.subscribe(url, { signal, deadline: Date.now() + CALL_BUDGET_MS })).subscriptionId;
    })
    .then(
      (result) => {
        if (result === undefined) return undefined;
        const subscriptionId = result.value;
        // Retired meanwhile: retire() removes what the subscribe made.
        if (subscription.retired) return subscriptionId;
        subscription.subscriptionId = subscriptionId;
        showOn(nodeId, { fill: 'green', shape: 'ring', text: t('status.listening') });
        save(runtime, subscription);
        baseline(runtime, subscription);
        return subscriptionId;
      },
      (error: unknown) => {
        subscription.stopListening();
        if (subscriptions.get(nodeId) === subscription) subscriptions.delete(nodeId);
        showOn(nodeId, { fill: 'red', shape: 'ring', text: t('status.failed', { code: failureCode(error) }) });
        voice(nodeId).error(asError(error).message);
        return undefined;
      },
    );
}

/** What the node needs before it can subscribe, as the key of the status that says so. */
export function whatIsMissing(connection: Connection | undefined): 'needsConnection' | 'needsToken' | 'needsPublicUrl' | undefined {
  if (connection === undefined) return 'needsConnection';
  if (!connection.hasHook) return 'needsToken';
  if (connection.settings.publicUrl === '') return 'needsPublicUrl';
  return undefined;
}
