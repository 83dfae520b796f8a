import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import helper from 'node-red-node-test-helper';
import { registerAction } from '../src/action/node';
import { registerConnection } from '../src/connection/node';
import { registerVideoReady } from '../src/video-ready/node';
import { registerWait } from '../src/wait/node';
import type { HttpApp, NodeAPI } from '../src/red';
import { listenOnLoopback, stopServer } from '@screenrec/test-support/loopback';

/**
 * A real Node-RED runtime in this process (node-red-node-test-helper), with the package's nodes registered from their
 * sources. Node-RED's HTTP endpoints (RED.httpNode, RED.httpAdmin) are served on two loopback servers, so a service
 * can call the nodes back and a test can call the admin routes as the editor does.
 */

/** Retries and waits short enough for a suite, the same rules otherwise. */
const TUNING = { maxRetries: 1, retryBaseDelayMs: 5 };
const PACING = { firstDelayMs: 20, maxDelayMs: 50, reserveMs: 20 };
/** The permission check Node-RED's admin API makes; here a request has a permission when its header names it. */
export const PERMISSION_HEADER = 'x-test-permission';

export interface Runtime {
  /** The base URL RED.httpNode is served at. */
  nodeUrl: string;
  /** The base URL RED.httpAdmin is served at. */
  adminUrl: string;
  /** Deploys `flow` (its credentials by node id) in place of the one running. */
  deploy(flow: object[], credentials?: Record<string, Record<string, string>>): Promise<void>;
  /** A full deploy of `flow` over the running one, as the editor's Deploy button (the default, "full") makes it. */
  redeploy(flow: object[], credentials?: Record<string, Record<string, string>>): Promise<void>;
  /**
   * What the nodes wrote to the runtime's log (RED.log) since the last deploy: the helper stops spying on the log
   * before it stops the flow, so what a stop logs is read here.
   */
  runtimeLog(): Array<{ level: 'info' | 'warn' | 'error'; text: string }>;
  /** Resolves with the first line RED.log takes from now on (or took since the deploy) that holds `text`. */
  logLine(text: string): Promise<string>;
  /** Stops the running flow, as a shutdown of Node-RED does. */
  undeploy(): Promise<void>;
  stop(): Promise<void>;
}

export async function startRuntime(): Promise<Runtime> {
  helper.init(require.resolve('node-red'));
  await helper.startServer();
  let nodeApp: HttpApp | undefined;
  let adminApp: HttpApp | undefined;
  const serving = (app: () => HttpApp | undefined): Server =>
    createServer((request, response) => {
      const handler = app();
      if (handler === undefined) response.writeHead(503).end();
      else handler(request, response);
    });
  const nodeServer = serving(() => nodeApp);
  const adminServer = serving(() => adminApp);
  const [nodeUrl, adminUrl] = await Promise.all([listenOnLoopback(nodeServer), listenOnLoopback(adminServer)]);
  let logged: Array<{ level: 'info' | 'warn' | 'error'; text: string }> = [];
  const lines = new EventEmitter();
  const record = (level: 'info' | 'warn' | 'error', text: string) => {
    logged.push({ level, text });
    lines.emit('line', text);
  };
  const register = (RED: NodeAPI) => {
    nodeApp = RED.httpNode;
    adminApp = RED.httpAdmin;
    const checked: NodeAPI = {
      ...RED,
      // The helper's translator gives a key back as it is: a log line's values are added, so a test can read what a
      // line names (a recording, a node), while statuses stay the bare key.
      _: (key, substitutions) => (key.includes('.log.') && substitutions !== undefined ? `${key} ${JSON.stringify(substitutions)}` : key),
      log: {
        info: (text) => {
          record('info', text);
          RED.log.info(text);
        },
        warn: (text) => {
          record('warn', text);
          RED.log.warn(text);
        },
        error: (text) => {
          record('error', text);
          RED.log.error(text);
        },
      },
      auth: {
        needsPermission: (permission) => (request, response, next) =>
          request.headers[PERMISSION_HEADER] === permission ? next() : response.status(401).json({ error: 'unauthorized' }),
      },
    };
    registerConnection(checked, TUNING);
    registerAction(checked);
    registerWait(checked, PACING);
    registerVideoReady(checked);
  };
  let loaded = false;
  const undeploy = async () => {
    if (!loaded) return;
    loaded = false;
    await helper.unload();
  };
  return {
    nodeUrl,
    adminUrl,
    async deploy(flow, credentials = {}) {
      await undeploy();
      logged = [];
      await helper.load([register], flow, credentials);
      loaded = true;
    },
    runtimeLog: () => [...logged],
    logLine: (text) =>
      new Promise((resolve) => {
        const earlier = logged.find((line) => line.text.includes(text));
        if (earlier !== undefined) return resolve(earlier.text);
        const listener = (line: string) => {
          if (!line.includes(text)) return;
          lines.off('line', listener);
          resolve(line);
        };
        lines.on('line', listener);
        return undefined;
      }),
    redeploy: (flow, credentials = {}) => helper.setFlows(flow, 'full', credentials),
    undeploy,
    async stop() {
      await undeploy();
      await Promise.all([stopServer(nodeServer), stopServer(adminServer), helper.stopServer()]);
    },
  };
}
