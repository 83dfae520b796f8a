import {
  NOTIFICATION_ANSWER,
  OPERATIONS,
  identifyVideo,
  isRefusedVideo,
  screenVideoReady,
  type RefusedVideo,
  type VideoReady,
} from 'screenrec';
import { accountedFor, caughtUpPayload, finishedRecordings } from '../catch-up';
import type { Connection } from '../connection';
import { contextIsPersistent, readContext, writeContext } from '../context-store';
import { Owners, onFlowsState, onRuntimeStop } from '../handover';
import { asError, failureCode } from '../in-flight';
import { word } from '../locale';
import type { NodeAPI, NodeDefinition, NodeMessage, RuntimeNode } from '../red';
import { callbackUrl, listen, newSecret, serve, setFlowsRunning, type NotificationHandler } from '../receiver';
import { SeenVideos } from '../seen-videos';
import {
  CALL_BUDGET_MS,
  SUBSCRIPTION_CONTEXT_KEY,
  StoredSubscription,
  newSubscription,
  restoredSubscription,
  retire,
  sameConnection,
  storedOf,
  subscriptions,
  type Subscription,
} from '../subscriptions';
import { connectionOf } from './connection-node';

export const VIDEO_READY_TYPE = 'screenrec-video-ready';

const owners = new Owners();

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
  const t = (key: string, values?: Record<string, string>) => word(RED._.bind(RED), VIDEO_READY_TYPE, key, values);
  const persistent = contextIsPersistent(RED.settings);
  /** Where a subscription's words go: its node's running instance, else Node-RED's log. */
  const voice = (nodeId: string) => owners.of(nodeId) ?? RED.log;
  const showOn = (nodeId: string, status: Parameters<RuntimeNode['status']>[0]) => owners.of(nodeId)?.status(status);
  /** The node instance whose context holds a subscription: the running one, else the last that ran. */
  const contextNodes = new Map<string, RuntimeNode>();

  /** Writes the subscription to a persistent context store (in order); memory-only context keeps nothing. */
  const save = (subscription: Subscription) => {
    const { subscriptionId, nodeId } = subscription;
    const node = owners.of(nodeId) ?? contextNodes.get(nodeId);
    if (!persistent || subscriptionId === undefined || subscription.retired || node === undefined) return;
    const stored = storedOf({ ...subscription, subscriptionId });
    subscription.saving = subscription.saving
      .then(() => writeContext(node, SUBSCRIPTION_CONTEXT_KEY, stored))
      .catch((error: unknown) => voice(nodeId).warn(t('log.notSaved', { reason: asError(error).message })));
  };

  /** A recording sent on is accounted for: a catch-up after a restart does not send it again. */
  const remember = (subscription: Subscription, msg: NodeMessage) => {
    const payload = msg.payload as { recordingId?: unknown; recording?: { createdDate?: unknown } | null } | undefined;
    if (subscription.known === null || typeof payload?.recordingId !== 'string') return;
    const created = payload.recording?.createdDate;
    subscription.known = { ...subscription.known, [payload.recordingId]: typeof created === 'string' ? created : new Date().toISOString() };
    save(subscription);
  };

  /** Reads which recordings are finished now, and accounts for them: none of them is sent. */
  const baseline = (subscription: Subscription) => {
    const { connection, nodeId } = subscription;
    if (!persistent || !connection.hasRest) return;
    void subscription.work
      .run((signal) => finishedRecordings(connection, Date.now(), { signal, deadline: Date.now() + CALL_BUDGET_MS }))
      .then(
        (result) => {
          if (result === undefined) return;
          subscription.known = accountedFor({}, result.value, Date.now());
          save(subscription);
        },
        (error: unknown) => voice(nodeId).warn(t('log.catchUpFailed', { reason: asError(error).message })),
      );
  };

  /**
   * After a restart: sends each recording finished in the look-back window that the node has not accounted for (it
   * finished while Node-RED was down, and ScreenRec's notification found no one), once, with a fresh link.
   */
  const catchUp = (subscription: Subscription) => {
    const { connection, nodeId } = subscription;
    if (!persistent || !connection.hasRest || subscription.known === null) return;
    const seen = SeenVideos.of(nodeId);
    void subscription.work
      .run(async (signal) => {
        const now = Date.now();
        const finished = await finishedRecordings(connection, now, { signal, deadline: now + CALL_BUDGET_MS });
        let sent = 0;
        for (const recording of finished) {
          if (subscription.known !== null && recording.id in subscription.known) continue;
          const payload = await caughtUpPayload(connection, recording, { signal, deadline: Date.now() + CALL_BUDGET_MS });
          // A notification ScreenRec sent again may have brought it meanwhile.
          if (!seen.first(payload.videoKey)) continue;
          sendOn(subscription, { payload });
          sent += 1;
        }
        subscription.known = accountedFor(subscription.known ?? {}, finished, now);
        save(subscription);
        return sent;
      })
      .then(
        (result) => {
          if (result !== undefined && result.value > 0) RED.log.info(t('log.caughtUp', { count: String(result.value) }));
        },
        (error: unknown) => voice(nodeId).warn(t('log.catchUpFailed', { reason: asError(error).message })),
      );
  };

  serve(RED.httpNode, () => RED.log.warn(t('log.gone')));
  let flowsRunning = false;
  onFlowsState(RED, VIDEO_READY_TYPE, (running) => {
    flowsRunning = running;
    setFlowsRunning(running);
    if (!running) return;
    for (const subscription of subscriptions.values()) for (const msg of subscription.pending.splice(0)) sendOn(subscription, msg);
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

  /** Sends a looked-up video on: from the node's instance, or, between two instances, from the next one. */
  const sendOn = (subscription: Subscription, msg: NodeMessage) => {
    // While the flows start (a redeploy, a restart) a node further on may not exist yet: sent once they run.
    const owner = flowsRunning ? owners.of(subscription.nodeId) : undefined;
    if (owner !== undefined) {
      owner.status({ fill: 'green', shape: 'dot', text: t('status.received') });
      owner.send(msg);
    } else if (!subscription.retired && subscriptions.get(subscription.nodeId) === subscription) subscription.pending.push(msg);
    else return RED.log.error(t('log.notSentOn', { node: subscription.nodeId, recording: recordingOf(msg) }));
    return remember(subscription, msg);
  };

  const deliverFor =
    (subscription: Subscription): NotificationHandler =>
    (body, answer) => {
      const { nodeId, connection: live } = subscription;
      let screened: VideoReady | RefusedVideo;
      try {
        screened = screenVideoReady(body, live.serviceUrl);
      } catch {
        answer(NOTIFICATION_ANSWER.unreadable);
        return;
      }
      if (isRefusedVideo(screened)) {
        answer(NOTIFICATION_ANSWER.unreadable);
        voice(nodeId).warn(t('log.refused', { reason: screened.refused }));
        return;
      }
      answer(NOTIFICATION_ANSWER.received);
      const seen = SeenVideos.of(nodeId);
      // Only keys ScreenRec gave are remembered: a posted key matches one only when it is ScreenRec's own link.
      if (seen.has(screened.videoKey)) return;
      const rest = live.hasRest ? live.rest(OPERATIONS.videoReady.name) : undefined;
      void subscription.work
        .run((signal) => identifyVideo(body, rest, live.serviceUrl, { signal, deadline: Date.now() + CALL_BUDGET_MS }))
        .then(
          (outcome) => {
            // Cancelled by a stop of Node-RED (a lookup that failed on the cancel still sends nothing then).
            if (outcome === undefined || subscription.stopped) return RED.log.error(t('log.stoppedLookingUp', { node: nodeId }));
            const identified = outcome.value;
            if (isRefusedVideo(identified)) return voice(nodeId).warn(t('log.dropped', { reason: identified.refused }));
            // Deduplicated on the key of the link ScreenRec vouches for, now that it is known.
            if (!seen.first(identified.videoKey)) return undefined;
            if (identified.postedLinkNote !== null) voice(nodeId).warn(identified.postedLinkNote);
            const { videoUrl, videoKey, linkConfirmed, recordingId, recording, detailsError } = identified;
            // Sent on all the same: losing a real video is worse than a flagged link.
            if (!linkConfirmed && detailsError !== null) voice(nodeId).warn(detailsError);
            return sendOn(subscription, { payload: { videoUrl, videoKey, linkConfirmed, recordingId, recording, detailsError } });
          },
          (error: unknown) => voice(nodeId).error(asError(error).message),
        );
    };

  /** Takes notifications at the subscription's address from now on. */
  const startListening = (subscription: Subscription) => {
    subscription.stopListening = listen(subscription.secret, deliverFor(subscription));
  };

  const subscribe = (subscription: Subscription) => {
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
          save(subscription);
          baseline(subscription);
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
  };

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
        startListening(subscription);
        if (restored !== undefined) {
          this.status({ fill: 'green', shape: 'ring', text: t('status.listening') });
          if (restored.known === null) baseline(restored);
          else catchUp(restored);
        } else subscribe(subscription);
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

/** The recording a message names, for a log line. */
function recordingOf(msg: NodeMessage): string {
  const payload = msg.payload;
  const id = typeof payload === 'object' && payload !== null && 'recordingId' in payload ? payload.recordingId : undefined;
  return typeof id === 'string' ? id : 'not confirmed';
}

/** What the node needs before it can subscribe, as the key of the status that says so. */
function whatIsMissing(connection: Connection | undefined): 'needsConnection' | 'needsToken' | 'needsPublicUrl' | undefined {
  if (connection === undefined) return 'needsConnection';
  if (!connection.hasHook) return 'needsToken';
  if (connection.settings.publicUrl === '') return 'needsPublicUrl';
  return undefined;
}
