/**
 * The part of Node-RED's runtime API these nodes use, typed here: Node-RED publishes no types of its own, and the
 * community's @types/node-red trails its releases. Everything the runtime hands over is read through these names only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A message as it travels between nodes: any properties, `payload` by convention. */
export type NodeMessage = Record<string, unknown> & { _msgid?: string };

export type NodeStatus =
  | { fill?: 'red' | 'green' | 'yellow' | 'blue' | 'grey'; shape?: 'ring' | 'dot'; text?: string }
  | Record<string, never>;

/** What every node instance offers; `credentials` holds the declared credential fields, filled by the runtime. */
export interface RuntimeNode {
  readonly id: string;
  readonly type: string;
  name?: string;
  credentials?: Record<string, string | undefined>;
  on(event: 'input', listener: (msg: NodeMessage, send: (msg: NodeMessage | null) => void, done: (error?: Error) => void) => void): void;
  on(event: 'close', listener: (removed: boolean, done: () => void) => void): void;
  send(msg: NodeMessage | null): void;
  status(status: NodeStatus): void;
  log(text: string): void;
  warn(text: string): void;
  error(error: string | Error, msg?: NodeMessage): void;
  /** The node's context in the default store: a persistent store answers through the callbacks. */
  context(): NodeContext;
}

/** A node's context as Node-RED offers it; the callback forms work with every store, localfilesystem included. */
export interface NodeContext {
  get(key: string, callback: (error: Error | null | undefined, value: unknown) => void): void;
  set(key: string, value: unknown, callback: (error?: Error | null) => void): void;
}

/** What Node-RED's runtime tells on its events bus when its flows stop or start (`deploy` is true for a deploy). */
export interface RuntimeEvent {
  id?: string;
  payload?: unknown;
}

/** A node's properties as the flow file holds them. */
export type NodeDefinition = Record<string, unknown> & { id: string; type: string; name?: string };

/** Express's request and response, as far as the nodes' routes use them. */
export interface HttpRequest extends IncomingMessage {
  body?: unknown;
  params: Record<string, string>;
}
export interface HttpResponse extends ServerResponse {
  status(code: number): HttpResponse;
  json(body: unknown): HttpResponse;
  end(): this;
}
export type Handler = (request: HttpRequest, response: HttpResponse, next: (error?: unknown) => void) => void;
/** An Express application: callable as a request listener, with routes. */
export interface HttpApp {
  (request: IncomingMessage, response: ServerResponse): void;
  get(path: string, ...handlers: Handler[]): void;
  post(path: string, ...handlers: Handler[]): void;
}

export interface CredentialFields {
  [name: string]: { type: 'text' | 'password' };
}

/** The `RED` object a node module's function is called with. */
export interface NodeAPI {
  nodes: {
    createNode(node: object, definition: NodeDefinition): void;
    registerType(
      type: string,
      constructor: (this: RuntimeNode, definition: NodeDefinition) => void,
      options?: { credentials?: CredentialFields },
    ): void;
    getNode(id: string): RuntimeNode | null;
    getCredentials(id: string): Record<string, string | undefined> | undefined;
  };
  httpAdmin: HttpApp;
  httpNode: HttpApp;
  /** The runtime's log, for what no single node can tell (a request for a subscription no node holds). */
  log: { info(text: string): void; warn(text: string): void; error(text: string): void };
  events: { on(event: 'runtime-event', listener: (event: RuntimeEvent) => void): void };
  auth: { needsPermission(permission: string): Handler };
  /** settings.js, as far as the nodes read it; `contextStorage` is read through zod. */
  settings: { httpNodeRoot?: string | false; contextStorage?: unknown };
  _(key: string, substitutions?: Record<string, string | number>): string;
}
