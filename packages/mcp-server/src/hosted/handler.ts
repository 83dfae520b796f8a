import { createMcpHandler } from '@modelcontextprotocol/server';
import { SETTINGS, readSettings, type Settings } from '../config';
import { connect } from '../connections';
import { HEADER_HINTS } from '../failure-hints';
import { consoleLogger, type Logger } from '../log';
import { screenRecServers } from '../server';
import { credentialsOf, type Refusal } from './credentials';

/** What whoever deploys the endpoint fixes: where ScreenRec is, and how long a tool call may take. */
export interface Deployment {
  baseUrl: string;
  toolTimeoutMs: number;
}

/**
 * The deployment from its environment (a Worker's vars, the Node server's process environment). Only these two
 * variables are read: credentials in it are ignored, since every caller brings its own.
 */
export function deploymentOf(env: Readonly<Record<string, unknown>>): { deployment: Deployment } | { problem: string } {
  const text = (name: keyof typeof SETTINGS) => (typeof env[name] === 'string' ? env[name] : undefined);
  const settings = readSettings({
    SCREENREC_BASE_URL: text('SCREENREC_BASE_URL'),
    SCREENREC_TOOL_TIMEOUT_SECONDS: text('SCREENREC_TOOL_TIMEOUT_SECONDS'),
  });
  const problems = [...settings.problems];
  if (settings.baseUrl === undefined) problems.push(`SCREENREC_BASE_URL is not set (${SETTINGS.SCREENREC_BASE_URL})`);
  else if (!isHttpAddress(settings.baseUrl)) problems.push('SCREENREC_BASE_URL must be an http(s) address');
  if (problems.length > 0 || settings.baseUrl === undefined) return { problem: problems.join('; ') };
  return { deployment: { baseUrl: settings.baseUrl, toolTimeoutMs: settings.toolTimeoutMs } };
}

function isHttpAddress(text: string): boolean {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** The deployment's own fault: no caller can mend it, so it is a 500 naming what the deployer sets. */
export function notSetUp(problem: string): Response {
  return jsonRpcError(500, `This ScreenRec MCP endpoint is not set up: ${problem}.`);
}

export type HostedLoggerFactory = (secrets: readonly string[]) => Logger;

/**
 * The hosted endpoint: every request carries its caller's ScreenRec credentials and is served by a server built for
 * it alone (the same tools, prompts and card as the local server), against the deployment's ScreenRec and nowhere
 * else. Nothing outlives the request: no client, no credential, no handler.
 */
export function hostedHandler(
  deployment: Deployment,
  { loggerFor = consoleLogger }: { loggerFor?: HostedLoggerFactory } = {},
): (request: Request) => Promise<Response> {
  return async (request) => {
    const read = credentialsOf(request);
    if ('refusal' in read) {
      loggerFor([]).error(`refused ${request.method} (${read.refusal.status})`);
      return refused(read.refusal);
    }
    const settings: Settings = { ...read.credentials, baseUrl: deployment.baseUrl, toolTimeoutMs: deployment.toolTimeoutMs, problems: [] };
    const connections = { ...connect(settings), hints: HEADER_HINTS, requestSignal: request.signal };
    const logger = loggerFor(connections.secrets);
    // Core refuses a base URL it cannot use (one with a user name and password in it, say): the deployer's to fix.
    if (connections.problems.length > 0) return notSetUp(connections.problems.join('; '));
    // workerd learns that a client went away only when a write to it fails: a keepalive every 5 s (not the SDK's
    // 15) bounds how long a call outlives its client there.
    const mcp = createMcpHandler(screenRecServers(connections, logger), {
      keepAliveMs: 5_000,
      onerror: (error) => logger.error(`protocol: ${error.message}`),
    });
    return mcp.fetch(request);
  };
}

function refused(refusal: Refusal): Response {
  return jsonRpcError(refusal.status, refusal.message, refusal.status === 401 ? { 'www-authenticate': 'Bearer' } : {});
}

/** Errors in the JSON-RPC shape the MCP SDK itself answers with, so MCP clients show the message. */
function jsonRpcError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
