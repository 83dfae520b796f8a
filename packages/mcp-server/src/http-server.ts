import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Connections } from './connections';
import { checkRequest } from './http-guard';
import type { Logger } from './log';
import { createScreenRecServer } from './server';

export const MCP_PATH = '/mcp';
const MAX_SESSIONS = 32;

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

interface Session {
  transport: StreamableHTTPServerTransport;
  lastUsed: number;
}

/**
 * Streamable HTTP on 127.0.0.1 only. Each client session gets its own MCP server (an MCP server serves one
 * transport); sessions end on the client's DELETE, and the least recently used one is closed past MAX_SESSIONS.
 */
export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const { token, connections, logger } = options;
  const sessions = new Map<string, Session>();

  const newSession = async (): Promise<StreamableHTTPServerTransport> => {
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, lastUsed: Date.now() });
        evictBeyond(MAX_SESSIONS);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await createScreenRecServer(connections, logger).connect(transport);
    return transport;
  };

  const evictBeyond = (max: number) => {
    while (sessions.size > max) {
      const [oldestId, oldest] = [...sessions.entries()].reduce((a, b) => (a[1].lastUsed <= b[1].lastUsed ? a : b));
      sessions.delete(oldestId);
      void oldest.transport.close();
    }
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    // Only the path is logged: a query string is the caller's and may carry anything.
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    const refusal = checkRequest(request, token);
    if (refusal !== undefined) {
      logger.error(`refused ${request.method} ${pathname} (${refusal.status}${request.headers.origin ? `, Origin ${request.headers.origin}` : ''})`);
      return answer(response, refusal.status, refusal.message, refusal.status === 401 ? { 'www-authenticate': 'Bearer' } : {});
    }
    if (pathname !== MCP_PATH) {
      return answer(response, 404, `Not found: the MCP endpoint is ${MCP_PATH}.`);
    }
    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      if (session === undefined) return answer(response, 404, 'Session not found: start a new MCP session (initialize).');
      session.lastUsed = Date.now();
      return session.transport.handleRequest(request, response);
    }
    // No session yet: only an initialize request opens one (the transport refuses anything else).
    const transport = await newSession();
    await transport.handleRequest(request, response);
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
      await Promise.all([...sessions.values()].map((session) => session.transport.close()));
      sessions.clear();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Errors in the JSON-RPC shape the MCP SDK itself answers with, so MCP clients show the message. */
function answer(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
