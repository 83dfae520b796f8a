import { InvalidInputError, invalidInputMessage } from '@screenrec/core';
import { word } from '../locale';
import { InFlight, asError, failureCode, noConnectionError, positiveNumberOf } from '../in-flight';
import { DEFAULT_OPERATION, OPERATIONS, OPERATION_NAMES, isOperationName, type OperationName } from '../operations';
import type { NodeAPI, NodeDefinition, NodeMessage, RuntimeNode } from '../red';
import { readValues } from '../values';
import { connectionOf } from './connection-node';

export const ACTION_TYPE = 'screenrec';
/** The time one message may take, unless the node says otherwise. */
export const DEFAULT_TIMEOUT_SECONDS = 60;

/**
 * The action node: every operation of OPERATIONS, chosen in the editor or by `msg.operation`, its fields from the
 * editor or `msg.payload`; the result replaces `msg.payload`. A failure goes to `done(error)`, where Catch nodes see it.
 */
export function registerAction(RED: NodeAPI): void {
  RED.nodes.registerType(ACTION_TYPE, function (this: RuntimeNode, definition: NodeDefinition) {
    RED.nodes.createNode(this, definition);
    const t = (key: string, values?: Record<string, string>) => word(RED._.bind(RED), ACTION_TYPE, key, values);
    const inFlight = new InFlight();
    const timeoutMs = positiveNumberOf(definition.timeout, DEFAULT_TIMEOUT_SECONDS) * 1000;
    const configured = isOperationName(definition.operation) ? definition.operation : DEFAULT_OPERATION;

    this.on('input', (msg, send, done) => {
      let operation: OperationName;
      try {
        operation = operationOf(msg, configured);
      } catch (error) {
        this.status({ fill: 'red', shape: 'ring', text: t('status.failed', { operation: 'msg.operation', code: failureCode(error) }) });
        done(asError(error));
        return;
      }
      const spec = OPERATIONS[operation];
      this.status({ fill: 'blue', shape: 'dot', text: t('status.running', { operation: spec.label }) });
      inFlight
        .run(async (signal) => {
          const connection = connectionOf(RED, definition.connection);
          if (connection === undefined) throw noConnectionError();
          const values = readValues(operation, definition, msg.payload);
          return spec.run(values, connection, { signal, deadline: Date.now() + timeoutMs, budgetMs: timeoutMs });
        })
        .then(
          (result) => {
            if (result === undefined) return;
            this.status({ fill: 'green', shape: 'dot', text: t('status.done', { operation: spec.label }) });
            msg.payload = result.value;
            send(msg);
            done();
          },
          (error: unknown) => {
            this.status({ fill: 'red', shape: 'ring', text: t('status.failed', { operation: spec.label, code: failureCode(error) }) });
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
function operationOf(msg: NodeMessage, configured: OperationName): OperationName {
  const requested = msg.operation;
  if (requested === undefined || requested === null) return configured;
  if (isOperationName(requested)) return requested;
  const problem = `must be one of ${OPERATION_NAMES.join(', ')}`;
  throw new InvalidInputError(invalidInputMessage(`\`msg.operation\` ${problem}`), {
    fieldErrors: [{ path: 'msg.operation', message: problem }],
  });
}
