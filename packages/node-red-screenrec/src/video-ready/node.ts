import { connectionOf } from '../connection/node';
import { readContext, writeContext } from '../context-store';
import { onFlowsState, onRuntimeStop } from '../handover';
import { asError } from '../in-flight';
import type { NodeAPI, NodeDefinition, RuntimeNode } from '../red';
import { catchUp, recordingOf, sendOn } from './delivery';
import { baseline } from './memory';
import { newSecret, serve, setFlowsRunning } from './receiver';
import { VIDEO_READY_TYPE, videoReadyRuntime } from './runtime';
import { SeenVideos } from './seen-videos';
import { startListening, subscribe, whatIsMissing } from './subscribe';
import {
  SUBSCRIPTION_CONTEXT_KEY,
  StoredSubscription,
  newSubscription,
  restoredSubscription,
  retire,
  sameConnection,
  subscriptions,
} from './subscriptions';

/**
 * Video Ready: subscribes an endpoint of its own with CALLBACK_SUBSCRIBE (its secret in the path) and keeps that
 * subscription across redeploys, and across restarts where a persistent context store keeps its ID; it unsubscribes
 * when the node is removed or its connection changes (the old address then answers 410, so ScreenRec drops whatever
 * still posts there). Each notification is answered at once, then looked up (core's identifyVideo) and sent on as one
 * message, even when the node is redeployed meanwhile; a video delivered again sends nothing. The message carries
 * ScreenRec's own link when it confirms the recording; else, whatever the lookup says, the posted https link with
 * `linkConfirmed` false and the reason, logged as a warning. Plain http off the Service URL's origin is answered 400
 * and logged, without the link.
 */
export function registerVideoReady(RED: NodeAPI): void {
  const runtime = videoReadyRuntime(RED);
  const { t, persistent, owners, contextNodes, voice } = runtime;

  serve(RED.httpNode, () => RED.log.warn(t('log.gone')));
  onFlowsState(RED, VIDEO_READY_TYPE, (running) => {
    runtime.flowsRunning = running;
    setFlowsRunning(running);
    if (!running) return;
    for (const subscription of subscriptions.values()) for (const msg of subscription.pending.splice(0)) sendOn(runtime, subscription, msg);
  });
  onRuntimeStop(RED, VIDEO_READY_TYPE, () => {
    for (const subscription of subscriptions.values()) {
      subscription.stopped = true;
      subscription.stopListening();
      for (const msg of subscription.pending) RED.log.error(t('log.notSentOn', { node: subscription.nodeId, recording: recordingOf(msg) }));
      // Lookups still under way end here, each logged (the stop is their only outcome).
      subscription.work.abortAll();
    }
    subscriptions.clear();
  });

  RED.nodes.registerType(VIDEO_READY_TYPE, function (this: RuntimeNode, definition: NodeDefinition) {
    RED.nodes.createNode(this, definition);
    owners.claim(this);
    contextNodes.set(this.id, this);
    const connection = connectionOf(RED, definition.connection);
    const missing = whatIsMissing(connection);
    const previous = subscriptions.get(this.id);
    const warnFailure = (error: unknown) => voice(this.id).warn(asError(error).message);

    if (connection === undefined || missing !== undefined) {
      if (previous !== undefined) void retire(previous, warnFailure).now;
      this.status({ fill: 'red', shape: 'ring', text: t(`status.${missing ?? 'needsConnection'}`) });
    } else if (previous !== undefined && sameConnection(previous, connection)) {
      // A redeploy that kept the node and its connection: the same subscription, taken over as it is.
      previous.connection = connection;
      this.status(
        previous.subscriptionId === undefined
          ? { fill: 'blue', shape: 'ring', text: t('status.subscribing') }
          : { fill: 'green', shape: 'ring', text: t('status.listening') },
      );
    } else {
      if (previous !== undefined) void retire(previous, warnFailure).now;
      const start = (stored: unknown) => {
        if (!owners.of(this.id) || owners.of(this.id) !== this) return;
        const kept = StoredSubscription.safeParse(stored);
        const restored = kept.success ? restoredSubscription(this.id, connection, kept.data) : undefined;
        const subscription = restored ?? newSubscription(this.id, connection, newSecret());
        subscriptions.set(this.id, subscription);
        startListening(runtime, subscription);
        if (restored !== undefined) {
          this.status({ fill: 'green', shape: 'ring', text: t('status.listening') });
          if (restored.known === null) baseline(runtime, restored);
          else catchUp(runtime, restored);
        } else subscribe(runtime, subscription);
      };
      // A persistent store keeps the subscription across a restart: the same address, with no new subscribe.
      if (persistent) readContext(this, SUBSCRIPTION_CONTEXT_KEY).then(start, () => start(undefined));
      else start(undefined);
    }

    this.on('close', (removed, done) => {
      owners.release(this);
      const subscription = subscriptions.get(this.id);
      if (!removed) {
        // A restart of the node (a redeploy) or of Node-RED: the subscription stays; the next instance takes it over.
        done();
        return;
      }
      SeenVideos.forget(this.id);
      contextNodes.delete(this.id);
      this.status({});
      const forgotten = persistent ? writeContext(this, SUBSCRIPTION_CONTEXT_KEY, undefined).catch(() => undefined) : Promise.resolve();
      const retired = subscription === undefined ? Promise.resolve() : retire(subscription, warnFailure).now;
      void Promise.all([forgotten, retired]).then(() => done());
    });
  });
}
