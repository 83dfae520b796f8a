import { DeadlineError, OPERATIONS, WAIT_PACING, deadlineMessage, parseVideoReady, waitUntilCompleted, type WaitPacing } from 'screenrec';
import { word } from '../locale';
import { InFlight, asError, failureCode, noConnectionError, positiveNumberOf } from '../in-flight';
import type { NodeAPI, NodeDefinition, NodeMessage, RuntimeNode } from '../red';
import { readValues } from '../values';
import { connectionOf } from './connection-node';

export const WAIT_TYPE = 'screenrec-wait';
/** How long a message is held at most, unless the node says otherwise. */
export const DEFAULT_TIME_LIMIT_MINUTES = 60;
/** What the wait is doing, for its DEADLINE message. */
const WAITING = 'waiting for the recording to finish';
/** The time the video's link may take once the recording is done. */
const LINK_BUDGET_MS = 30_000;
const HINT = 'give the wait a longer Time Limit, or check that the recording was made';

/**
 * Wait for Video: holds each message until its recording is COMPLETED (asking ScreenRec, less and less often), then
 * sends it on with the recording and a fresh link to its video in `msg.payload`. The node's Time Limit ends a wait
 * with a DEADLINE error a Catch node can handle; closing the node cancels every wait and request.
 */
export function registerWait(RED: NodeAPI, pacing: WaitPacing = WAIT_PACING): void {
  RED.nodes.registerType(WAIT_TYPE, function (this: RuntimeNode, definition: NodeDefinition) {
    RED.nodes.createNode(this, definition);
    const t = (key: string, values?: Record<string, string | number>) => word(RED._.bind(RED), WAIT_TYPE, key, values);
    const inFlight = new InFlight();
    const limitMs = positiveNumberOf(definition.timeLimit, DEFAULT_TIME_LIMIT_MINUTES) * 60_000;
    const showWaiting = () =>
      this.status(inFlight.size === 0 ? {} : { fill: 'blue', shape: 'ring', text: t('status.waiting', { count: inFlight.size }) });

    this.on('input', (msg, send, done) => {
      const held = inFlight.run((signal) => videoOf(RED, definition, msg, signal, limitMs, pacing));
      showWaiting();
      held.then(
        (result) => {
          if (result === undefined) return;
          msg.payload = result.value;
          send(msg);
          done();
          this.status({ fill: 'green', shape: 'dot', text: t('status.released') });
        },
        (error: unknown) => {
          this.status({ fill: 'red', shape: 'ring', text: t('status.failed', { code: failureCode(error) }) });
          done(asError(error));
        },
      );
    });

    this.on('close', (_removed, done) => {
      inFlight.abortAll();
      this.status({});
      done();
    });
  });
}

async function videoOf(
  RED: NodeAPI,
  definition: NodeDefinition,
  msg: NodeMessage,
  signal: AbortSignal,
  limitMs: number,
  pacing: WaitPacing,
): Promise<Record<string, unknown>> {
  const connection = connectionOf(RED, definition.connection);
  if (connection === undefined) throw noConnectionError();
  const { inputs, required, name } = OPERATIONS.waitForVideo;
  // The editor's Recording ID, or msg.payload.recordingId (or .id), required.
  const recordingId = readValues(inputs, required, definition, msg.payload).recordingId ?? '';
  const rest = connection.rest(name);
  const call = { signal, deadline: Date.now() + limitMs, budgetMs: limitMs };
  const outcome = await waitUntilCompleted(
    { check: (checkCall) => rest.getRecording(recordingId, checkCall), onCheck: async () => undefined, pacing },
    call,
  );
  if (outcome.reason !== 'COMPLETED') throw new DeadlineError(deadlineMessage(WAITING, limitMs, HINT));
  const videoUrl = await rest.getVideoUrl(outcome.recording.id, { signal, deadline: Date.now() + LINK_BUDGET_MS });
  return { ...outcome.recording, recordingId: outcome.recording.id, videoUrl, videoKey: parseVideoReady({ result: videoUrl }).videoKey };
}
