import { randomUUID } from 'node:crypto';
import { DeadlineError, OPERATIONS, WAIT_PACING, deadlineMessage, parseVideoReady, waitUntilCompleted, type WaitPacing } from 'screenrec';
import * as z from 'zod/v4';
import { contextIsPersistent, readContext, storableMessage, writeContext } from '../context-store';
import { Handover, Owners, onRuntimeStop, whenFlowsRun } from '../handover';
import { InFlight, asError, failureCode, noConnectionError, positiveNumberOf } from '../in-flight';
import { word } from '../locale';
import type { NodeAPI, NodeDefinition, NodeMessage, RuntimeNode } from '../red';
import { readValues } from '../values';
import { connectionOf } from '../connection/node';

export const WAIT_TYPE = 'screenrec-wait';
/** How long a message is held at most, unless the node says otherwise. */
export const DEFAULT_TIME_LIMIT_MINUTES = 60;
/** Where a node keeps the messages it holds in a persistent context store (node context, default store). */
export const HELD_CONTEXT_KEY = 'screenrec-held-messages';
/** The time the video's link may take once the recording is done. */
const LINK_BUDGET_MS = 30_000;
const HINT = 'give the wait a longer Time Limit, or check that the recording was made';

/** One held message: the recording it waits for and when its Time Limit ends (ms since the epoch). */
interface HeldWait {
  recordingId: string;
  deadline: number;
  msg: NodeMessage;
}
const StoredWaits = z.record(
  z.string(),
  z.object({ recordingId: z.string(), deadline: z.number(), msg: z.record(z.string(), z.unknown()) }),
);

/** A held message and where its outcome goes: the input's send and done, or the node's own for a carried one. */
interface Held {
  wait: HeldWait;
  send: (msg: NodeMessage) => void;
  done: (error?: Error) => void;
  /** Ends the input's message in Node-RED's tracking when this instance stops holding it (undefined: carried). */
  complete?: () => void;
}

const handover = new Handover<Map<string, HeldWait>>();
const owners = new Owners();

/**
 * Wait for Video: holds each message until its recording is COMPLETED (asking ScreenRec, less and less often), then
 * sends it on with the recording and a fresh link to its video in `msg.payload`. The node's Time Limit ends a wait
 * with a DEADLINE error a Catch node can handle. No held message ends in silence: a redeploy hands the waits to the
 * node's new instance, which carries them on (its Catch node gets their failures); with a persistent context store
 * they outlive a restart of Node-RED too; a node removed or disabled, or a stop with memory-only context, logs an
 * error naming each recording whose message it drops.
 */
export function registerWait(RED: NodeAPI, pacing: WaitPacing = WAIT_PACING): void {
  const t = (key: string, values?: Record<string, string | number>) => word(RED._.bind(RED), WAIT_TYPE, key, values);
  const persistent = contextIsPersistent(RED.settings);
  onRuntimeStop(RED, WAIT_TYPE, () => {
    for (const [node, waits] of handover.drain()) {
      for (const { recordingId } of waits.values())
        if (persistent) RED.log.info(t('log.keptForStart', { node, recordingId }));
        else RED.log.error(t('log.endedByStop', { node, recordingId }));
    }
  });

  RED.nodes.registerType(WAIT_TYPE, function (this: RuntimeNode, definition: NodeDefinition) {
    RED.nodes.createNode(this, definition);
    owners.claim(this);
    const inFlight = new InFlight();
    const limitMs = positiveNumberOf(definition.timeLimit, DEFAULT_TIME_LIMIT_MINUTES) * 60_000;
    const held = new Map<string, Held>();
    let closed = false;
    let toldMemoryOnly = false;
    let saving = Promise.resolve();

    const showWaiting = () =>
      this.status(
        held.size === 0
          ? {}
          : { fill: 'blue', shape: 'ring', text: t(persistent ? 'status.waiting' : 'status.waitingInMemory', { count: held.size }) },
      );
    /** Writes the held messages to the context store, in order; only a persistent store keeps them past this process. */
    const save = (): Promise<void> => {
      if (!persistent) return saving;
      const snapshot = Object.fromEntries([...held].map(([key, { wait }]) => [key, { ...wait, msg: storableMessage(wait.msg).msg }]));
      saving = saving
        .then(() => writeContext(this, HELD_CONTEXT_KEY, held.size === 0 ? undefined : snapshot))
        .catch((error: unknown) => this.warn(t('log.notSaved', { reason: asError(error).message })));
      return saving;
    };
    /** Where an outcome goes: this instance while it runs; after it closed, the instance that replaced it, or the log. */
    const settle = (entry: Held, outcome: { payload: unknown } | { error: Error }) => {
      const { msg, recordingId } = entry.wait;
      if ('payload' in outcome) msg.payload = outcome.payload;
      if (!closed) {
        if ('payload' in outcome) {
          entry.send(msg);
          entry.done();
          this.status({ fill: 'green', shape: 'dot', text: t('status.released') });
        } else {
          this.status({ fill: 'red', shape: 'ring', text: t('status.failed', { code: failureCode(outcome.error) }) });
          entry.done(outcome.error);
        }
        showWaitingAfter();
        return;
      }
      entry.complete?.();
      void whenFlowsRun().then((running) => {
        const next = running ? owners.of(this.id) : undefined;
        if (next === undefined) RED.log.error(t('log.endedByStop', { node: this.id, recordingId }));
        else if ('payload' in outcome) next.send(msg);
        else next.error(outcome.error, msg);
      });
    };
    /** The released or failed status stays while nothing else is held. */
    const showWaitingAfter = () => {
      if (held.size > 0) showWaiting();
    };
    const follow = (key: string, entry: Held) => {
      held.set(key, entry);
      void save();
      if (!persistent && !toldMemoryOnly) {
        toldMemoryOnly = true;
        this.warn(t('log.memoryOnly'));
      }
      showWaiting();
      // A wait carried over starts once the flow runs: its message may be ready at the first check.
      void whenFlowsRun().then((running) => (running && !closed ? check(key, entry) : undefined));
    };
    const check = (key: string, entry: Held) =>
      inFlight
        .run((signal) => videoOf(RED, definition, entry.wait, signal, limitMs, pacing))
        .then(
          (result) => {
            // Cancelled by the close, or done just as it closed: the close left it to the node's next instance.
            if (result === undefined || closed) return undefined;
            held.delete(key);
            return save().then(() => settle(entry, { payload: result.value }));
          },
          (error: unknown) => {
            if (closed) return undefined;
            held.delete(key);
            return save().then(() => settle(entry, { error: asError(error) }));
          },
        );
    const carried = (wait: HeldWait): Held => ({
      wait,
      send: (msg) => this.send(msg),
      done: (error) => {
        if (error !== undefined) this.error(error, wait.msg);
      },
    });

    for (const [key, wait] of handover.take(this.id) ?? []) follow(key, carried(wait));
    if (persistent) {
      readContext(this, HELD_CONTEXT_KEY).then(
        (value) => {
          const stored = StoredWaits.safeParse(value ?? {});
          if (!stored.success) return this.warn(t('log.notRestored', { reason: stored.error.message }));
          for (const [key, wait] of Object.entries(stored.data)) if (!closed && !held.has(key)) follow(key, carried(wait));
          return undefined;
        },
        (error: unknown) => this.warn(t('log.notRestored', { reason: asError(error).message })),
      );
    }

    this.on('input', (msg, send, done) => {
      let recordingId: string;
      try {
        recordingId = recordingIdOf(definition, msg);
      } catch (error) {
        this.status({ fill: 'red', shape: 'ring', text: t('status.failed', { code: failureCode(error) }) });
        done(asError(error));
        return;
      }
      follow(randomUUID(), { wait: { recordingId, deadline: Date.now() + limitMs, msg }, send, done, complete: () => done() });
    });

    this.on('close', (removed, done) => {
      closed = true;
      owners.release(this);
      inFlight.abortAll();
      const waits = new Map([...held].map(([key, entry]) => [key, entry.wait]));
      // This instance holds none of them any more (as Node-RED's delay node does for what it drops).
      for (const entry of held.values()) entry.complete?.();
      held.clear();
      if (removed) {
        // Logged without the message: a Catch node closing with this node would take it and show no one.
        for (const { recordingId } of waits.values()) this.error(t('log.endedByRemoval', { recordingId }));
        if (persistent) saving = saving.then(() => writeContext(this, HELD_CONTEXT_KEY, undefined)).catch(() => undefined);
      } else if (waits.size > 0) {
        handover.leave(this.id, waits);
      }
      this.status({});
      void saving.then(() => done());
    });
  });
}

/** The editor's Recording ID, or msg.payload.recordingId (or .id), required. */
function recordingIdOf(definition: NodeDefinition, msg: NodeMessage): string {
  const { inputs, required } = OPERATIONS.waitForVideo;
  return readValues(inputs, required, definition, msg.payload).recordingId ?? '';
}

async function videoOf(
  RED: NodeAPI,
  definition: NodeDefinition,
  wait: HeldWait,
  signal: AbortSignal,
  limitMs: number,
  pacing: WaitPacing,
): Promise<Record<string, unknown>> {
  const { recordingId, deadline } = wait;
  const timeUp = () => new DeadlineError(deadlineMessage(`waiting for recording ${recordingId} to finish`, limitMs, HINT));
  const connection = connectionOf(RED, definition.connection);
  if (connection === undefined) throw noConnectionError();
  // A wait carried past its Time Limit (Node-RED was down meanwhile) ends as any wait ends at its limit.
  if (deadline <= Date.now()) throw timeUp();
  const rest = connection.rest(OPERATIONS.waitForVideo.name);
  const call = { signal, deadline, budgetMs: deadline - Date.now() };
  let outcome;
  try {
    outcome = await waitUntilCompleted(
      { check: (checkCall) => rest.getRecording(recordingId, checkCall), onCheck: async () => undefined, pacing },
      call,
    );
  } catch (error) {
    // A check cut short by the Time Limit ends the wait at its limit, however far the checks had come.
    if (error instanceof DeadlineError) throw timeUp();
    throw error;
  }
  if (outcome.reason !== 'COMPLETED') throw timeUp();
  const videoUrl = await rest.getVideoUrl(outcome.recording.id, { signal, deadline: Date.now() + LINK_BUDGET_MS });
  return { ...outcome.recording, recordingId: outcome.recording.id, videoUrl, videoKey: parseVideoReady({ result: videoUrl }).videoKey };
}
