import { parseArgs } from 'node:util';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { readSettings } from './config';
import { connect, type Connections } from './connections';
import { deploymentOf } from './hosted/handler';
import { startHostedServer } from './hosted/node-server';
import { startHttpServer } from './http-server';
import { stderrLogger, type Logger } from './log';
import { SERVER_VERSION, screenRecServers } from './server';

const DEFAULT_PORT = 8765;

const USAGE = `screenrec-mcp ${SERVER_VERSION}: ScreenRec tools for AI agents (Model Context Protocol)

Usage:
  screenrec-mcp                      serve MCP over stdio (what desktop MCP clients start)
  screenrec-mcp --http [--port N]    serve Streamable HTTP at http://127.0.0.1:N/mcp (default port ${DEFAULT_PORT})
  screenrec-mcp --hosted [--host H] [--port N]
                                     serve the hosted endpoint at http://H:N/mcp (default 127.0.0.1), for many
                                     users: each request brings its own API key and workspace; only
                                     SCREENREC_BASE_URL and SCREENREC_TOOL_TIMEOUT_SECONDS are read here

Environment:
  SCREENREC_BASE_URL        the ScreenRec service's address, such as https://api.screenrec.example
  SCREENREC_WORKSPACE_ID    the workspace's ID (a UUID), from the ScreenRec dashboard
  SCREENREC_API_KEY         an API key from the dashboard's API section
  SCREENREC_BACKEND_TOKEN   optional: an integration's backend token; adds the create_recording_link tool
  SCREENREC_HOOK_PROVIDER   optional: N8N or ZAPIER, the integration of that token (found out when unset)
  SCREENREC_TOOL_TIMEOUT_SECONDS  optional: how long one tool call may take (default 50)
  SCREENREC_MCP_TOKEN       with --http: the Bearer token every HTTP request must carry
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      http: { type: 'boolean' },
      hosted: { type: 'boolean' },
      host: { type: 'string' },
      port: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
  });
  if (values.help) return void process.stderr.write(USAGE);
  if (values.version) return void process.stderr.write(`${SERVER_VERSION}\n`);
  const port = Number(values.port ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    return fail(`--port must be a port number from 0 to 65535 (got "${values.port}").`);
  if (values.hosted) return serveHosted(values.host ?? '127.0.0.1', port);

  const connections = connect(readSettings(process.env));
  const token = process.env.SCREENREC_MCP_TOKEN?.trim() ?? '';
  const logger = stderrLogger(token === '' ? connections.secrets : [...connections.secrets, token]);
  logStartup(connections, logger, values.http ? 'Streamable HTTP' : 'stdio');

  if (values.http) {
    if (token === '')
      return fail(
        '--http needs SCREENREC_MCP_TOKEN: set it to a long random secret, and give MCP clients the header "Authorization: Bearer <that secret>".',
      );
    const server = await startHttpServer({ port, token, connections, logger });
    logger.info(`listening on ${server.url}`);
    stopOnSignals(() => server.close());
    return;
  }

  // One instance per connection, pinned to the era its opening speaks (initialize for 2025, server/discover for 2026).
  const server = serveStdio(screenRecServers(connections, logger), { onerror: (error) => logger.error(`protocol: ${error.message}`) });
  // The client ends the session by closing stdin: nothing else holds the process then, so it exits once the
  // calls in flight have answered (idle connections to the service do not keep it alive). Or by a signal.
  stopOnSignals(() => server.close());
}

/** The hosted endpoint: no credentials of its own (it reads none from the environment), so no secret to scrub here. */
async function serveHosted(host: string, port: number): Promise<void> {
  const read = deploymentOf(process.env);
  if ('problem' in read) return fail(`--hosted: ${read.problem}.`);
  const logger = stderrLogger([]);
  const server = await startHostedServer(read.deployment, { host, port, logger });
  logger.info(`${SERVER_VERSION} hosted for ScreenRec at ${new URL(read.deployment.baseUrl).origin}: listening on ${server.url}`);
  stopOnSignals(() => server.close());
}

function logStartup(connections: Connections, logger: Logger, transport: string): void {
  const service = connections.origin === undefined ? 'ScreenRec (no valid SCREENREC_BASE_URL)' : `ScreenRec at ${connections.origin}`;
  const hook = connections.hook === undefined ? 'without create_recording_link (no SCREENREC_BACKEND_TOKEN)' : 'with create_recording_link';
  logger.info(`${SERVER_VERSION} over ${transport}: ${service}, ${hook}`);
  if (connections.problems.length > 0) {
    logger.error(`not fully set up, tools that need it will say so: ${connections.problems.join('; ')}`);
  }
}

function stopOnSignals(close: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void close().finally(() => process.exit(0)));
  }
}

function fail(message: string): void {
  process.stderr.write(`screenrec-mcp: ${message}\n`);
  process.exitCode = 2;
}

main().catch((error: unknown) => {
  process.stderr.write(`screenrec-mcp: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
