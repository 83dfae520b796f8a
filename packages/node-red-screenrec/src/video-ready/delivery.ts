import {
  NOTIFICATION_ANSWER,
  OPERATIONS,
  identifyVideo,
  isRefusedVideo,
  screenVideoReady,
  type RefusedVideo,
  type VideoReady,
} from 'screenrec';
import { asError } from '../in-flight';
import type { NodeMessage } from '../red';
import { accountedFor, caughtUpPayload, finishedRecordings } from './catch-up';
import { remember, save } from './memory';
import type { NotificationHandler } from './receiver';
import type { VideoReadyRuntime } from './runtime';
import { SeenVideos } from './seen-videos';
import { CALL_BUDGET_MS, subscriptions, type Subscription } from './subscriptions';

// From a notification, or a recording that finished while Node-RED was down, to one message: screened, looked up,
// deduplicated, and sent from the node's instance of the moment.

/** Sends a looked-up video on: from the node's instance, or, between two instances, from the next one. */
export function sendOn(runtime: VideoReadyRuntime, subscription: Subscription, msg: NodeMessage): void {
  const { RED, t } = runtime;
  // While the flows start (a redeploy, a restart) a node further on may not exist yet: sent once they run.
  const owner = runtime.flowsRunning ? runtime.owners.of(subscription.nodeId) : undefined;
  if (owner !== undefined) {
    owner.status({ fill: 'green', shape: 'dot', text: t('status.received') });
    owner.send(msg);
  } else if (!subscription.retired && subscriptions.get(subscription.nodeId) === subscription) subscription.pending.push(msg);
  else return RED.log.error(t('log.notSentOn', { node: subscription.nodeId, recording: recordingOf(msg) }));
  return remember(runtime, subscription, msg);
}

/** Answers each notification at the subscription's address at once, then looks it up and sends it on. */
export const deliverFor =
  (runtime: VideoReadyRuntime, subscription: Subscription): NotificationHandler =>
  (body, answer) => {
    const { RED, t, voice } = runtime;
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
          return sendOn(runtime, subscription, { payload: { videoUrl, videoKey, linkConfirmed, recordingId, recording, detailsError } });
        },
        (error: unknown) => voice(nodeId).error(asError(error).message),
      );
  };

/**
 * After a restart: sends each recording finished in the look-back window that the node has not accounted for (it
 * finished while Node-RED was down, and ScreenRec's notification found no one), once, with a fresh link.
 */
export function catchUp(runtime: VideoReadyRuntime, subscription: Subscription): void {
  const { RED, t } = runtime;
  const { connection, nodeId } = subscription;
  if (!runtime.persistent || !connection.hasRest || subscription.known === null) return;
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
        sendOn(runtime, subscription, { payload });
        sent += 1;
      }
      subscription.known = accountedFor(subscription.known ?? {}, finished, now);
      save(runtime, subscription);
      return sent;
    })
    .then(
      (result) => {
        if (result !== undefined && result.value > 0) RED.log.info(t('log.caughtUp', { count: String(result.value) }));
      },
      (error: unknown) => runtime.voice(nodeId).warn(t('log.catchUpFailed', { reason: asError(error).message })),
    );
}

/** The recording a message names, for a log line. */
export function recordingOf(msg: NodeMessage): string {
  const payload = msg.payload;
  const id = typeof payload === 'object' && payload !== null && 'recordingId' in payload ? payload.recordingId : undefined;
  return typeof id === 'string' ? id : 'not confirmed';
}
