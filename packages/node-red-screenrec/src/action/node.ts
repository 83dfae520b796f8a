import { InvalidInputError, invalidInputMessage } from 'screenrec';
import { word } from '../locale';
import { Owners, onRuntimeStop, whenFlowsRun } from '../handover';
import { asError, failureCode, noConnectionError, positiveNumberOf } from '../in-flight';
import { ACTION_KEYS, DEFAULT_OPERATION, actionOfKey, type ActionOperation } from './operations';
import type { NodeAPI, NodeDefinition, NodeMessage, RuntimeNode } from '../red';
import { readValues } from '../values';
import { connectionOf } from '../connection/node';

export const ACTION_TYPE = 'screenrec';
/** The time one message may take, unless the node says otherwise. */
export const DEFAULT_TIMEOUT_SECONDS = 60;

/** An operation under way in a node that has closed since it began: what a stop of Node-RED reports of it. */
interface Orphan {
  node: string;
  operation: string;
  recordingId: string | undefined;
  controller: AbortController;
}

const owners = new Owners();
const orphans = new Set<Orphan>();

/**
 * The action node: every operation of ACTIONS, chosen in the editor or by `msg.operation`, its fields from the
 * editor or `msg.payload`; the result replaces `msg.payload` (Any Request's answer also sets `msg.statusCode` and
 * `msg.headers`). A failure goes to `done(error)`, where Catch nodes see it.
 * An operation under way when the node closes is not cut short (a recording may be being created): its outcome goes
 * out of the node's new instance after a redeploy, and is logged as an error naming the recording when the node was
 * removed; a stop of Node-RED logs each one still under way, then cancels it.
 */
export function registerAction(RED: NodeAPI): void {
  const t = (key: string, values?: Record<string, string>) => word(RED._.bind(RED), ACTION_TYPE, key, values);
  const named = (recordingId: string | undefined) =>
    recordingId === undefined ? t('log.noRecording') : t('log.recording', { recordingId });
  onRuntimeStop(RED, ACTION_TYPE, () => {
    for (const orphan of orphans) {
      RED.log.error(t('log.stoppedUnderWay', { operation: orphan.operation, node: orphan.node, recording: named(orphan.recordingId) }));
      orphan.controller.abort();
    }
    orphans.clear();
  });

  RED.nodes.registerType(ACTION_TYPE, function (this: RuntimeNode, definition: NodeDefinition) {
    RED.nodes.createNode(this, definition);
    owners.claim(this);
    const underway = new Set<Orphan>();
    let closed = false;
    const timeoutMs = positiveNumberOf(definition.timeout, DEFAULT_TIMEOUT_SECONDS) * 1000;
    const configured = actionOfKey(definition.operation) ?? actionOfKey(DEFAULT_OPERATION);

    this.on('input', (msg, send, done) => {
      let operation: ActionOperation;
      try {
        operation = operationOf(msg, configured);
      } catch (error) {
        this.status({ fill: 'red', shape: 'ring', text: t('status.failed', { operation: 'msg.operation', code: failureCode(error) }) });
        done(asError(error));
        return;
      }
      const { name } = operation.catalogue;
      this.status({ fill: 'blue', shape: 'dot', text: t('status.running', { operation: name }) });
      const work: Orphan = { node: this.id, operation: name, recordingId: undefined, controller: new AbortController() };
      underway.add(work);
      const { signal } = work.controller;
      /** Where the outcome goes once this instance has closed (its result already on msg): the next instance, or the log. */
      const afterClose = (outcome: { value: unknown } | { error: Error }): undefined => {
        orphans.delete(work);
        // Cancelled by a stop of Node-RED, which logged it.
        if (signal.aborted) return;
        done();
        // During a redeploy the node's next instance is there once the flow runs again.
        void whenFlowsRun().then((running) => {
          const next = running ? owners.of(this.id) : undefined;
          if (next !== undefined) {
            if ('value' in outcome) next.send(msg);
            else next.error(outcome.error, msg);
            return;
          }
          const recordingId = recordingIdIn(outcome) ?? work.recordingId;
          const told =
            'value' in outcome ? t('log.succeeded', { recording: named(recordingId) }) : t('log.failed', { reason: outcome.error.message });
          RED.log.error(t('log.finishedWithoutNode', { operation: name, node: this.id, outcome: told }));
        });
      };
      const failed = (error: unknown): undefined => {
        if (closed) return afterClose({ error: asError(error) });
        this.status({ fill: 'red', shape: 'ring', text: t('status.failed', { operation: name, code: failureCode(error) }) });
        done(asError(error));
        return undefined;
      };
      (async () => {
        const connection = connectionOf(RED, definition.connection);
        if (connection === undefined) throw noConnectionError();
        const values = readValues(operation.fields, operation.required, definition, msg.payload);
        work.recordingId = values.recordingId;
        return operation.run(values, connection, { signal, deadline: Date.now() + timeoutMs, budgetMs: timeoutMs });
      })().then(
        (value) => {
          underway.delete(work);
          const failure = operation.deliver(msg, value);
          if (failure !== undefined) return failed(failure);
          if (closed) return afterClose({ value });
          this.status({ fill: 'green', shape: 'dot', text: t('status.done', { operation: name }) });
          send(msg);
          done();
          return undefined;
        },
        (error: unknown) => {
          underway.delete(work);
          return failed(error);
        },
      );
    });

    this.on('close', (_removed, done) => {
      closed = true;
      owners.release(this);
      for (const work of underway) orphans.add(work);
      underway.clear();
      this.status({});
      done();
    });
  });
}

/** msg.operation when the message names one (it must be one of the operations), else the editor's. */
function operationOf(msg: NodeMessage, configured: ActionOperation | undefined): ActionOperation {
  const requested = msg.operation;
  const operation = requested === undefined || requested === null ? configured : actionOfKey(requested);
  if (operation !== undefined) return operation;
  const problem = `must be one of ${ACTION_KEYS.join(', ')}`;
  throw new InvalidInputError(invalidInputMessage(`\`msg.operation\` ${problem}`), {
    fieldErrors: [{ path: 'msg.operation', message: problem }],
  });
}

/** The recording an operation's outcome names: a recording's `id`, or a `recordingId`. */
function recordingIdIn(outcome: { value: unknown } | { error: Error }): string | undefined {
  if (!('value' in outcome) || typeof outcome.value !== 'object' || outcome.value === null) return undefined;
  const value = outcome.value as Record<string, unknown>;
  const id = value.recordingId ?? value.id;
  return typeof id === 'string' ? id : undefined;
}
