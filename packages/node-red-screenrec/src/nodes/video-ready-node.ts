import {
  NOTIFICATION_ANSWER,
  OPERATIONS,
  identifyVideo,
  isRefusedVideo,
  screenVideoReady,
  type RefusedVideo,
  type VideoReady,
} from 'screenrec';
import type { Connection } from '../connection';
import { InFlight, asError, failureCode } from '../in-flight';
import { word } from '../locale';
import type { NodeAPI, NodeDefinition, RuntimeNode } from '../red';
import { callbackUrl, listen, newSecret } from '../receiver';
import { SeenVideos } from '../seen-videos';
import { connectionOf } from './connection-node';

export const VIDEO_READY_TYPE = 'screenrec-video-ready';
/** The time subscribing, unsubscribing and each recording's lookup may take. */
const CALL_BUDGET_MS = 30_000;

/**
 * Video Ready: on start it subscribes an endpoint of its own (a new secret in the path) with CALLBACK_SUBSCRIBE, and
 * on close it unsubscribes: a node that stopped listening leaves no subscription behind (the next start subscribes
 * anew, with a new secret, and the old address answers 410 so ScreenRec drops whatever still posts there). Each
 * notification is answered at once, then looked up (core's identifyVideo) and sent on as one message carrying only
 * ScreenRec's own link; a video delivered again sends nothing. A link that can never be ScreenRec's (plain http off
 * the Service URL's origin, another host with no API key to confirm it) is answered 400; one ScreenRec does not vouch
 * for after the lookup sends nothing. Either is logged as a warning, without the link.
 */
export function registerVideoReady(RED: NodeAPI): void {
  RED.nodes.registerType(VIDEO_READY_TYPE, function (this: RuntimeNode, definition: NodeDefinition) {
    RED.nodes.createNode(this, definition);
    const t = (key: string, values?: Record<string, string>) => word(RED._.bind(RED), VIDEO_READY_TYPE, key, values);
    const connection = connectionOf(RED, definition.connection);
    const inFlight = new InFlight();
    const seen = SeenVideos.of(this.id);
    let subscriptionId: string | undefined;
    let stopListening = () => {};

    const deliverFor = (live: Connection) => (body: unknown, answer: (status: number) => void) => {
      let screened: VideoReady | RefusedVideo;
      try {
        screened = screenVideoReady(body, live.serviceUrl, live.hasRest);
      } catch {
        answer(NOTIFICATION_ANSWER.unreadable);
        return;
      }
      if (isRefusedVideo(screened)) {
        answer(NOTIFICATION_ANSWER.unreadable);
        this.warn(t('log.refused', { reason: screened.refused }));
        return;
      }
      answer(NOTIFICATION_ANSWER.received);
      // Only keys ScreenRec gave are remembered: a posted key matches one only when it is ScreenRec's own link.
      if (seen.has(screened.videoKey)) return;
      const rest = live.hasRest ? live.rest(OPERATIONS.videoReady.name) : undefined;
      void inFlight
        .run((signal) => identifyVideo(body, rest, live.serviceUrl, { signal, deadline: Date.now() + CALL_BUDGET_MS }))
        .then(
          (outcome) => {
            if (outcome === undefined) return;
            const identified = outcome.value;
            if (isRefusedVideo(identified)) return this.warn(t('log.dropped', { reason: identified.refused }));
            // Deduplicated on the key of the link ScreenRec vouches for, now that it is known.
            if (!seen.first(identified.videoKey)) return;
            if (identified.postedLinkNote !== null) this.warn(identified.postedLinkNote);
            const { videoUrl, videoKey, recordingId, recording, detailsError } = identified;
            this.status({ fill: 'green', shape: 'dot', text: t('status.received') });
            this.send({ payload: { videoUrl, videoKey, recordingId, recording, detailsError } });
          },
          (error: unknown) => this.error(asError(error).message),
        );
    };

    const missing = whatIsMissing(connection);
    if (connection === undefined || missing !== undefined) {
      this.status({ fill: 'red', shape: 'ring', text: t(`status.${missing ?? 'needsConnection'}`) });
    } else {
      const secret = newSecret();
      stopListening = listen(RED.httpNode, secret, deliverFor(connection), () => RED.log.warn(t('log.gone')));
      this.status({ fill: 'blue', shape: 'ring', text: t('status.subscribing') });
      void inFlight
        .run(async (signal) => {
          const client = await connection.hook(OPERATIONS.videoReady.name).client({ signal, deadline: Date.now() + CALL_BUDGET_MS });
          return client.subscribe(callbackUrl(connection.settings.publicUrl, secret), { signal, deadline: Date.now() + CALL_BUDGET_MS });
        })
        .then(
          (result) => {
            if (result === undefined) return;
            subscriptionId = result.value.subscriptionId;
            this.status({ fill: 'green', shape: 'ring', text: t('status.listening') });
          },
          (error: unknown) => {
            stopListening();
            this.status({ fill: 'red', shape: 'ring', text: t('status.failed', { code: failureCode(error) }) });
            this.error(asError(error).message);
          },
        );
    }

    this.on('close', (removed, done) => {
      stopListening();
      // A subscribe still under way is abandoned: should ScreenRec have made it, it calls an address that now answers
      // 410, and drops it.
      inFlight.abortAll();
      if (removed) SeenVideos.forget(this.id);
      const id = subscriptionId;
      subscriptionId = undefined;
      if (id === undefined || connection === undefined) {
        this.status({});
        done();
        return;
      }
      unsubscribe(connection, id).then(
        () => done(),
        (error: unknown) => {
          this.warn(asError(error).message);
          done();
        },
      );
    });
  });
}

async function unsubscribe(connection: Connection, subscriptionId: string): Promise<void> {
  const call = { deadline: Date.now() + CALL_BUDGET_MS };
  const client = await connection.hook(OPERATIONS.videoReady.name).client(call);
  await client.unsubscribe(subscriptionId, call);
}

/** What the node needs before it can subscribe, as the key of the status that says so. */
function whatIsMissing(connection: Connection | undefined): 'needsConnection' | 'needsToken' | 'needsPublicUrl' | undefined {
  if (connection === undefined) return 'needsConnection';
  if (!connection.hasHook) return 'needsToken';
  if (connection.settings.publicUrl === '') return 'needsPublicUrl';
  return undefined;
}
