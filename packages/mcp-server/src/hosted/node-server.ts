import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../log';
import { sendWebResponse, toWebRequest, writeHead } from '../node-web';
import { HOSTED_PATH } from './credentials';
import { hostedHandler, type Deployment, type HostedLoggerFactory } from './handler';

export interface RunningHostedServer {
  /** http://HOST:PORT/mcp */
  url: string;
  close(): Promise<void>;
}

/** The hosted endpoint on Node: the Worker's handler behind node:http, for a host without Workers. */
export async function startHostedServer(
  deployment: Deployment,
  { host, port, logger, loggerFor }: { host: string; port: number; logger: Logger; loggerFor?: HostedLoggerFactory },
): Promise<RunningHostedServer> {
  const handle = hostedHandler(deployment, loggerFor === undefined ? {} : { loggerFor });
  const server: Server = createServer((request, response) => {
    (async () => sendWebResponse(await handle(toWebRequest(request, response)), response))().catch((error: unknown) => {
      // The handler scrubs its own lines; this one is only an unexpected error's message, never a header.
      logger.error(`HTTP request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) writeHead(response, 500, {}).end();
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: actualPort } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}${HOSTED_PATH}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
