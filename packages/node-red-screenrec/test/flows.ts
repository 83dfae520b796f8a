import { OPERATIONS, type OperationName } from 'screenrec';
import helper from 'node-red-node-test-helper';
import type { NodeMessage } from '../src/red';

/** The node under test, the connection it uses, and a Catch node scoped to it, as the suites deploy them. */
export const NODE = 'node-under-test';
export const CONNECTION = 'connection';
export const OUT = 'out';
export const CAUGHT = 'caught';
export const TAB = 'flow';
/** Where a flow node sits: Node-RED takes a node without a position for a config node. */
export const ON_TAB = { z: TAB, x: 100, y: 100 };

export interface ConnectionProperties {
  serviceUrl: string;
  workspaceId?: string;
  integration?: string;
  publicUrl?: string;
}

export function connectionNode(properties: ConnectionProperties): Record<string, unknown> {
  return {
    id: CONNECTION,
    type: 'screenrec-connection',
    name: 'ScreenRec',
    workspaceId: '',
    integration: 'auto',
    publicUrl: '',
    ...properties,
  };
}

/** A flow of one ScreenRec node wired to a helper node, its failures to a Catch node and another helper. */
export function flowOf(node: Record<string, unknown>, connection: ConnectionProperties): object[] {
  return [
    { id: TAB, type: 'tab', label: 'ScreenRec' },
    connectionNode(connection),
    { id: NODE, ...ON_TAB, connection: CONNECTION, wires: [[OUT]], ...node },
    { id: OUT, ...ON_TAB, type: 'helper' },
    { id: 'catch-failures', ...ON_TAB, type: 'catch', scope: [NODE], uncaught: false, wires: [[CAUGHT]] },
    { id: CAUGHT, ...ON_TAB, type: 'helper' },
  ];
}

/** The next message node `id` receives. */
export function nextMessage(id: string): Promise<NodeMessage> {
  const node = helper.getNode(id);
  if (node === null) throw new Error(`no node ${id} is deployed`);
  // Not once(): Node-RED calls a node's input listeners in a loop that skips the next one when one removes itself.
  return new Promise((resolve) => {
    const listener = (msg: NodeMessage) => {
      resolve(msg);
      setImmediate(() => node.removeListener('input', listener));
    };
    node.on('input', listener);
  });
}

/**
 * Resolves once node `id` has shown a status with `text` (at once when it already has), from the helper's
 * `call:status` event: no polling, and no time limit of its own (jest's ends a test whose status never comes).
 */
export function statusShown(id: string, text: string): Promise<void> {
  const node = helper.getNode(id);
  if (node === null) throw new Error(`no node ${id} is deployed`);
  const isIt = (status: unknown) => (status as { text?: unknown } | undefined)?.text === text;
  if (node.status.getCalls().some((call) => call.thisValue?.id === id && isIt(call.args[0]))) return Promise.resolve();
  return new Promise((resolve) => {
    const listener = (call: { args: unknown[] }) => {
      if (!isIt(call.args[0])) return;
      node.removeListener('call:status', listener);
      resolve();
    };
    node.on('call:status', listener);
  });
}

/** How many messages node `id` has sent so far (send() called: Node-RED delivers each a little later). */
export function sentBy(id: string): number {
  const node = helper.getNode(id);
  if (node === null) throw new Error(`no node ${id} is deployed`);
  return node.send.getCalls().filter((call) => call.thisValue?.id === id).length;
}

/** Sends `msg` into the node under test. */
export function send(msg: Record<string, unknown>): void {
  const node = helper.getNode(NODE);
  if (node === null) throw new Error('the node under test is not deployed');
  node.receive(msg);
}

/** Sends `msg` in and resolves with what comes out: the output, or the Catch node's message. */
export async function outcomeOf(msg: Record<string, unknown>): Promise<{ out?: NodeMessage; caught?: NodeMessage }> {
  const out = nextMessage(OUT).then((message) => ({ out: message }));
  const caught = nextMessage(CAUGHT).then((message) => ({ caught: message }));
  let timer: NodeJS.Timeout | undefined;
  // Not a timing assertion: a message that never comes out fails here with what the node showed, not as a bare jest timeout.
  const silence = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`nothing came out of the node for ${JSON.stringify(msg)}; it logged ${loggedText()}`)),
      20_000,
    );
  });
  send(msg);
  try {
    return await Promise.race([out, caught, silence]);
  } finally {
    clearTimeout(timer);
  }
}

/** The message of the error a Catch node received, as Node-RED writes it ("<name>: <message>"), and its code. */
export function caughtError(msg: NodeMessage | undefined): { message: string; code: unknown } {
  const error = msg?.error as { message?: unknown; code?: unknown } | undefined;
  return { message: String(error?.message), code: error?.code };
}

/** Everything the runtime logged so far (node errors and warnings included), as one text. */
export function loggedText(): string {
  return JSON.stringify(
    helper
      .log()
      .getCalls()
      .map((call) => call.args),
  );
}

/** The error lines the runtime logged so far (node errors no Catch node took, and the runtime's own), oldest first. */
export function loggedErrors(): string[] {
  const log = helper.log();
  return log
    .getCalls()
    .map((call) => call.args[0] as { level?: unknown; msg?: unknown } | undefined)
    .filter((entry) => entry?.level === log.ERROR)
    .map((entry) => String(entry?.msg));
}

/**
 * The catalogue operations a suite has a case for, by the name it shows: test/behaviour/node-red-nock.test.ts requires every one the
 * package offers.
 */
export const OPERATIONS_WITH_CASES = new Set<OperationName>();

/** A `describe` of one catalogue operation's cases, titled by the name Node-RED shows for it. */
export function describeOperation(operation: OperationName, cases: () => void): void {
  OPERATIONS_WITH_CASES.add(operation);
  describe(OPERATIONS[operation].name, cases);
}
