// node-red-node-test-helper ships no types: the part the suites use.
declare module 'node-red-node-test-helper' {
  import type { EventEmitter } from 'node:events';

  interface LogCall {
    args: unknown[];
    /** The node a spied node method was called on (the spies sit on Node.prototype, shared by every node). */
    thisValue?: { id?: string };
  }
  /** A node method as load() spies on it: the calls made so far. */
  interface SpiedMethod {
    getCalls(): LogCall[];
  }
  interface TestNode extends EventEmitter {
    id: string;
    receive(msg: Record<string, unknown>): void;
    /** The statuses the node showed, through the spy load() puts on status(). */
    status: SpiedMethod;
    /** The messages the node sent, through the spy load() puts on send() (called at once; delivered later). */
    send: SpiedMethod;
  }
  interface NodeTestHelper {
    init(runtimePath: string, settings?: Record<string, unknown>): void;
    startServer(): Promise<void>;
    stopServer(): Promise<void>;
    load(nodes: unknown[], flow: object[], credentials?: Record<string, Record<string, string>>): Promise<void>;
    unload(): Promise<void>;
    /** Deploys `flow` over the loaded one, as the editor's Deploy does ("full": every node restarts). */
    setFlows(flow: object[], type: 'full' | 'flows' | 'nodes', credentials?: Record<string, Record<string, string>>): Promise<void>;
    getNode(id: string): TestNode | null;
    /** The runtime's log, spied: each call's first argument is the entry ({ level, msg, … }); ERROR is its level. */
    log(): { getCalls(): LogCall[]; ERROR: number };
    _redNodes: { getFlows(): { flows: object[] } };
    /** The sinon sandbox whose spies load() puts on every node's methods and on the log, for assertions. */
    _sandbox: { restore(): void };
  }
  const helper: NodeTestHelper;
  export = helper;
}
