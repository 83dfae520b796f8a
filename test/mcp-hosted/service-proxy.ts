import { request as forward, type IncomingMessage } from 'node:http';
import { serveOnLoopback, stopServer } from '../support/loopback';

/** A listener on loopback that counts what reaches it: the deployment's ScreenRec (passing requests on), or a decoy. */
export interface Listener {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Each request's path, in arrival order. */
  paths: string[];
  /** Requests whose path names this workspace. */
  countFor(workspaceId: string): number;
  stop(): Promise<void>;
}

function listenerOf(url: string, paths: string[], stop: () => Promise<void>): Listener {
  return { url, paths, countFor: (workspaceId) => paths.filter((one) => one.includes(workspaceId)).length, stop };
}

/**
 * What the endpoint is deployed against: a pass-through to the reference service that notes every request's path,
 * so the suite sees which calls reached ScreenRec, for which workspace (none for a refused request).
 */
export async function startServiceProxy(serviceUrl: string): Promise<Listener> {
  const { hostname, port } = new URL(serviceUrl);
  const paths: string[] = [];
  const { server, url } = await serveOnLoopback((incoming: IncomingMessage, outgoing) => {
    paths.push(incoming.url ?? '');
    const upstream = forward({ hostname, port, path: incoming.url, method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  return listenerOf(url, paths, () => stopServer(server));
}

/** Where a request tries to send the server instead: it answers every request 200 with an empty list, and counts it. */
export async function startDecoy(): Promise<Listener> {
  const paths: string[] = [];
  const { server, url } = await serveOnLoopback((incoming, outgoing) => {
    paths.push(incoming.url ?? '');
    incoming.resume();
    outgoing.writeHead(200, { 'content-type': 'application/json' }).end('{"recordings":[],"totalCount":0}');
  });
  return listenerOf(url, paths, () => stopServer(server));
}
