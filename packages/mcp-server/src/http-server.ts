import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { Connections } from './connections';
import { checkRequest } from './http-guard';
import type { Logger } from './log';
import { sendWebResponse, toWebRequest, writeHead } from './node-web';
import { screenRecServers } from './server';

export const MCP_PATH = '/mcp';

export interface HttpServerOptions {
  port: number;
  /** The Bearer token every request must carry (SCREENREC_MCP_TOKEN). */
  token: string;
  connections: Connections;
  logger: Logger;
}

export interface RunningHttpServer {
  /** http://127.0.0.1:PORT/mcp */
  url: string;
  close(): Promise<void>;
}

/**
 * Streamable HTTP on 127.0.0.1 only, without sessions: each request is served by a fresh server instance, for
 * 2026-07-28 clients (everything a request needs is in its `_meta`) and for 2025 clients alike (the SDK's stateless
 * serving: initialize answers without an Mcp-Session-Id). Any number of clients, and a restart loses nothing.
 */
export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const { token, connections, logger } = options;
  const mcp = createMcpHandler(screenRecServers(connections, logger), {
    onerror: (error) => logger.error(`protocol: ${error.message}`),
  });

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    // Only the path is logged: a query string is the caller's and may carry anything.
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    const refusal = checkRequest(request, token);
    if (refusal !== undefined) {
      logger.error(
        `refused ${request.method} ${pathname} (${refusal.status}${request.headers.origin ? `, Origin ${request.headers.origin}` : ''})`,
      );
      return answer(response, refusal.status, refusal.message, refusal.status === 401 ? { 'www-authenticate': 'Bearer' } : {});
    }
    if (pathname !== MCP_PATH) {
      return answer(response, 404, `Not found: the MCP endpoint is ${MCP_PATH}.`);
    }
    await sendWebResponse(await mcp.fetch(toWebRequest(request, response)), response);
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      logger.error(`HTTP request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) answer(response, 500, 'Internal error in the ScreenRec MCP server.');
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${MCP_PATH}`,
    close: async () => {
      await mcp.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Errors in the JSON-RPC shape the MCP SDK itself answers with, so MCP clients show the message. */
function answer(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  writeHead(response, status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
