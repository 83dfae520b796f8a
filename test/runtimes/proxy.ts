import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { serveOnLoopback, stopServer } from '../support/loopback';

/** What the proxy did with the DELETEs sent through its lossy prefix, by path: each answer's status, and whether it was dropped. */
export type DeleteLog = Map<string, { status: number; dropped: boolean }[]>;

export interface SuiteProxy {
  /**
   * The service, its answers streamed without a length (chunked; a 204 with no Content-Length), as a proxy that
   * re-chunks or compresses sends them; a browser page served from here calls the service on its own origin.
   */
  url: string;
  /** The service, but the first answer to each DELETE is dropped after the service has acted on it. */
  lossyUrl: string;
  /** Takes requests and never answers them (until the proxy stops). */
  silentUrl: string;
  /** The page's files, served under /page/. */
  pageUrl: string;
  deletes: DeleteLog;
  stop: () => Promise<void>;
}

const LOSSY = '/lossy';
const SILENT = '/silent';
const PAGE = '/page/';

/**
 * One loopback server in front of the reference service, for what the service itself cannot do:
 * - every answer forwarded without its Content-Length, streamed as a proxy that re-chunks or compresses sends it:
 *   a client then reads the body as a stream (an empty 204 included), not as a declared length;
 * - a browser page and its script served from the service's origin (the service sends no CORS headers, so the page
 *   calls it through this same origin instead);
 * - `/lossy/…`: forwarded, but the first answer to each DELETE path is read from the service and then dropped (the
 *   connection closed with nothing written), as when a network fails after the service deleted: the lost answer a
 *   retry must explain. Every lossy answer closes its connection, so no client reuses one and resends on its own;
 * - `/silent/…`: never answered, for deadlines and cancellation.
 */
export async function startProxy(serviceUrl: string, pageFolder: string): Promise<SuiteProxy> {
  const service = new URL(serviceUrl);
  const deletes: DeleteLog = new Map();
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/';
    if (url.startsWith(SILENT)) return; // held: the client's timeout, deadline or signal ends it
    if (url.startsWith(PAGE)) return servePage(pageFolder, url.slice(PAGE.length), response);
    const lossy = url.startsWith(`${LOSSY}/`);
    const upstreamPath = lossy ? url.slice(LOSSY.length) : url;
    forward(request, upstreamPath, (answer, body) => {
      const headers = { ...answer.headers };
      for (const dropped of ['connection', 'keep-alive', 'transfer-encoding', 'content-length']) delete headers[dropped];
      if (lossy) {
        headers.connection = 'close';
        if (request.method === 'DELETE') {
          const seen = deletes.get(upstreamPath) ?? [];
          deletes.set(upstreamPath, seen);
          seen.push({ status: answer.statusCode ?? 0, dropped: seen.length === 0 });
          if (seen.length === 1) return request.socket.destroy();
        }
      }
      response.writeHead(answer.statusCode ?? 502, headers);
      response.end(body);
    });
  };
  const forward = (request: IncomingMessage, upstreamPath: string, answer: (upstream: IncomingMessage, body: Buffer) => void) => {
    const headers = { ...request.headers, host: service.host };
    const upstream = httpRequest(
      { host: service.hostname, port: service.port, path: upstreamPath, method: request.method, headers },
      (reply) => {
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk));
        reply.on('end', () => answer(reply, Buffer.concat(chunks)));
      },
    );
    upstream.on('error', () => request.socket.destroy());
    request.pipe(upstream);
  };
  const { server, url } = await serveOnLoopback(handler);
  return {
    url,
    lossyUrl: `${url}${LOSSY}`,
    silentUrl: `${url}${SILENT}`,
    pageUrl: `${url}${PAGE}index.html`,
    deletes,
    stop: () => stopServer(server),
  };
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

function servePage(folder: string, file: string, response: ServerResponse): void {
  const name = path.basename(file.split('?')[0] ?? '');
  const type = TYPES[path.extname(name)];
  if (type === undefined) {
    response.writeHead(404).end();
    return;
  }
  try {
    const body = readFileSync(path.join(folder, name));
    response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
  } catch {
    response.writeHead(404).end();
  }
}
