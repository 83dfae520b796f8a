import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';

/** Starts `server` on a free loopback port and resolves with its base URL (http://127.0.0.1:<port>). */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return `http://127.0.0.1:${portOf(server)}`;
}

/** Closes `server` at once, its kept-alive connections included (close() alone waits for them to idle out). */
export async function stopServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** A loopback port that was free a moment ago: for a child process that must pick its own port number up front. */
export async function freePort(): Promise<number> {
  const probe = createTcpServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const port = portOf(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The address of a loopback port nothing listens on: a connection there is refused, as with a wrong Service URL. */
export async function refusingUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

/** Starts a plain HTTP server with `handler` on loopback; resolves with it and its URL. */
export async function serveOnLoopback(handler: RequestListener): Promise<{ server: Server; url: string }> {
  const server = createHttpServer(handler);
  return { server, url: await listenOnLoopback(server) };
}

function portOf(server: { address: () => ReturnType<Server['address']> }): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error(`not listening on a TCP port: ${String(address)}`);
  return address.port;
}
