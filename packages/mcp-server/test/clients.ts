import path from 'node:path';
import { OPERATIONS, OPERATION_NAMES, type CatalogueOperation } from 'screenrec';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioTransportV2, getDefaultEnvironment as defaultEnvV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema as ElicitRequestSchemaV1 } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPClientTransport as HttpTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport as StdioTransportV1, getDefaultEnvironment as defaultEnvV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { runProcess } from '@screenrec/test-support/run-process';
import { MCP_BIN } from './stdio-bin';

/** The MCP tools of the catalogue's operations that call ScreenRec's automation hook (`hook`) or not, in the catalogue's order. */
function toolsOf(hook: boolean): string[] {
  return OPERATION_NAMES.flatMap((name) => {
    const operation: CatalogueOperation = OPERATIONS[name];
    return operation.keys.mcp !== undefined && (operation.uses === 'hook') === hook ? [operation.keys.mcp] : [];
  });
}

/**
 * Every tool, in the order tools/list gives them: the REST tools in the catalogue's order, then create_recording_link
 * with a backend token.
 */
export const TOOLS_IN_ORDER = [...toolsOf(false), ...toolsOf(true)];
/** The tools offered whatever the configuration: those on the REST API. */
export const REST_TOOLS_IN_ORDER = toolsOf(false);

/** A tool result as every client gives it back. */
export interface ToolResult {
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** One real MCP client, connected to our server over one transport: what a test drives it through. */
export interface McpDriver {
  listTools(): Promise<string[]>;
  callTool(name: string, args?: Record<string, unknown>): Promise<ToolResult>;
  close(): Promise<void>;
}

/** Where the server is: started over stdio with this environment (the built bin unless `entry` says), or the HTTP endpoint and its token. */
export type Target = { stdio: Record<string, string>; entry?: string } | { http: string; token: string };

/** The person behind a client that declares elicitation: how they answer, and every question they were shown. */
export interface User {
  answer: 'accept' | 'decline';
  asked: string[];
}

export function userWho(answer: User['answer']): User {
  return { answer, asked: [] };
}

export type ClientKind = 'v1' | 'v2' | 'inspector';

export async function connectDriver(kind: ClientKind, target: Target, user?: User): Promise<McpDriver> {
  if (kind === 'inspector') return inspectorDriver(target);
  return driverOf(await connectSdkClient(kind, target, user));
}

/** The SDK's client of `kind` itself, connected: for a test that needs more than a driver (progress notes, cancelling). */
export async function connectSdkClient(kind: 'v1' | 'v2', target: Target, user?: User): Promise<ClientV1 | ClientV2> {
  if (kind === 'v1') {
    const client = clientV1(user);
    await client.connect(transportOf(target, SDK_V1));
    return client;
  }
  const client = clientV2(user);
  await client.connect(transportOf(target, SDK_V2));
  return client;
}

export function driverOf(client: ClientV1 | ClientV2): McpDriver {
  return {
    listTools: async () => (await client.listTools()).tools.map((tool) => tool.name),
    callTool: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as ToolResult,
    close: () => client.close(),
  };
}

/** The user reads the form's message and ticks "Yes, do it", or declines the form. */
function answerOf(user: User, message: string) {
  user.asked.push(message);
  return user.answer === 'accept' ? { action: 'accept' as const, content: { confirm: true } } : { action: 'decline' as const };
}

/** A 2025 client (protocol 2025-11-25 through initialize): the v1 SDK, as most of today's hosts embed it. */
export function clientV1(user?: User): ClientV1 {
  const client = new ClientV1({ name: 'v1-client', version: '1.0.0' }, user === undefined ? {} : { capabilities: { elicitation: {} } });
  if (user !== undefined) client.setRequestHandler(ElicitRequestSchemaV1, (request) => answerOf(user, request.params.message));
  return client;
}

/** A 2026-07-28 client: the v2 SDK pinned to the stateless revision (server/discover, no initialize). */
export function clientV2(user?: User): ClientV2 {
  const client = new ClientV2(
    { name: 'v2-client', version: '2.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } }, ...(user === undefined ? {} : { capabilities: { elicitation: { form: {} } } }) },
  );
  if (user !== undefined) client.setRequestHandler('elicitation/create', (request) => answerOf(user, request.params.message));
  return client;
}

/** One SDK's client transports: its stdio and Streamable HTTP classes, and the environment its stdio child starts from. */
interface SdkTransports<Stdio, Http> {
  Stdio: new (server: { command: string; args: string[]; env: Record<string, string>; stderr: 'ignore' }) => Stdio;
  Http: new (url: URL, options: { requestInit: { headers: Record<string, string> } }) => Http;
  defaultEnv: () => Record<string, string>;
}

const SDK_V1 = { Stdio: StdioTransportV1, Http: HttpTransportV1, defaultEnv: defaultEnvV1 };
const SDK_V2 = { Stdio: StdioTransportV2, Http: HttpTransportV2, defaultEnv: defaultEnvV2 };

/** The transport to `target` in one SDK: the bin started over stdio, or the HTTP endpoint with its token. */
function transportOf<Stdio, Http>(target: Target, sdk: SdkTransports<Stdio, Http>): Stdio | Http {
  if ('stdio' in target)
    return new sdk.Stdio({
      command: process.execPath,
      args: [target.entry ?? MCP_BIN],
      env: { ...sdk.defaultEnv(), ...target.stdio },
      stderr: 'ignore',
    });
  return new sdk.Http(new URL(target.http), { requestInit: { headers: { authorization: `Bearer ${target.token}` } } });
}

const INSPECTOR_BUILD = path.join(path.dirname(require.resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build');

/** The MCP Inspector's CLI: one process per call, as a developer runs it from a terminal or a script. */
function inspectorDriver(target: Target): McpDriver {
  const where =
    'stdio' in target
      ? [...Object.entries(target.stdio).flatMap(([name, value]) => ['-e', `${name}=${value}`]), process.execPath, MCP_BIN]
      : [target.http, '--transport', 'http', '--header', `Authorization: Bearer ${target.token}`];
  const run = async (method: string[]): Promise<unknown> => {
    // The CLI checks for "../package.json" from the working directory but imports it from its own: run it from there.
    const { exitCode, stdout, stderr } = await runProcess(process.execPath, ['cli.js', '--cli', ...where, ...method], {
      cwd: INSPECTOR_BUILD,
      env: { PATH: process.env.PATH },
    });
    if (exitCode !== 0) throw new Error(`mcp-inspector-cli ${method.join(' ')} exited ${exitCode}: ${stderr}`);
    return JSON.parse(stdout);
  };
  return {
    listTools: async () => ((await run(['--method', 'tools/list'])) as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name),
    callTool: async (name, args = {}) => {
      const pairs = Object.entries(args).flatMap(([key, value]) => [
        '--tool-arg',
        `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`,
      ]);
      return (await run(['--method', 'tools/call', '--tool-name', name, ...pairs])) as ToolResult;
    },
    close: () => Promise.resolve(),
  };
}
