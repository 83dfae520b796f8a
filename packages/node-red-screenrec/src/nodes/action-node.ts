import { InvalidInputError, invalidInputMessage } from 'screenrec';
import { word } from '../locale';
import { InFlight, asError, failureCode, noConnectionError, positiveNumberOf } from '../in-flight';
import { ACTION_KEYS, DEFAULT_OPERATION, actionOfKey, type ActionOperation } from '../operations';
import type { NodeAPI, NodeDefinition, NodeMessage, RuntimeNode } from '../red';
import { readValues } from '../values';
import { connectionOf } from './connection-node';

export const ACTION_TYPE = 'screenrec';
/** The time one message may take, unless the node says otherwise. */
export const DEFAULT_TIMEOUT_SECONDS = 60;

/**
 * The action node: every operation of ACTIONS, chosen in the editor or by `msg.operation`, its fields from the
 * editor or `msg.payload`; the result replaces `msg.payload`. A failure goes to `done(error)`, where Catch nodes see it.
 */
export function registerAction(RED: NodeAPI): void {
  RED.nodes.registerType(ACTION_TYPE, function (this: RuntimeNode, definition: NodeDefinition) {
    RED.nodes.createNode(this, definition);
    const t = (key: string, values?: Record<string, string>) => word(RED._.bind(RED), ACTION_TYPE, key, values);
    const inFlight = new InFlight();
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
      inFlight
        .run(async (signal) => {
          const connection = connectionOf(RED, definition.connection);
          if (connection === undefined) throw noConnectionError();
          const values = readValues(operation.fields, operation.required, definition, msg.payload);
          return operation.run(values, connection, { signal, deadline: Date.now() + timeoutMs, budgetMs: timeoutMs });
        })
        .then(
          (result) => {
            if (result === undefined) return;
            this.status({ fill: 'green', shape: 'dot', text: t('status.done', { operation: name }) });
            msg.payload = result.value;
            send(msg);
            done();
          },
          (error: unknown) => {
            this.status({ fill: 'red', shape: 'ring', text: t('status.failed', { operation: name, code: failureCode(error) }) });
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
