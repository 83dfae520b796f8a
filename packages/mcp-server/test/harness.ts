import { StreamableHTTPClientTransport as HttpTransportV2 } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { Client as ClientV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BASE_URL, RECORDING_ID, WORKSPACE_ID } from '@screenrec/test-support/sample-connection';
import { serviceMock } from '@screenrec/test-support/service-mock';
import { readSettings, type ClientTuning } from '../src/config';
import { connect } from '../src/connections';
import { silentLogger, type Logger } from '../src/log';
import { createScreenRecServer, screenRecServers } from '../src/server';
import { exampleRecording, type WaitPacing } from 'screenrec';
import { clientV1, clientV2, driverOf, type McpDriver, type User } from './clients';

// Every suite runs beside others on a shared machine: in-process calls are quick, but not under any load.
jest.setTimeout(30_000);

export { BASE_URL, RECORDING_ID, WORKSPACE_ID } from '@screenrec/test-support/sample-connection';
export const API_KEY = 'sk_mcp_3c2b1a0f9e8d7c6b';
export const BACKEND_TOKEN = 'bt_mcp_8d7c6b5a4f3e2d1c';

/** The environment of a fully configured server, without the hook token unless a test adds it. */
export const REST_ENV = { SCREENREC_BASE_URL: BASE_URL, SCREENREC_WORKSPACE_ID: WORKSPACE_ID, SCREENREC_API_KEY: API_KEY };

export interface Connected {
  client: Client;
  /** Every log line the server wrote. */
  logs: string[];
  /**
   * The log once it holds `count` lines: for a line the server writes after the client stopped waiting (a call the
   * client cancelled ends on the server later). No time limit of its own: jest's ends a test whose line never comes.
   */
  logged(count?: number): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Our server's settings and a logger keeping every line, as the bin builds them; `pacing` spaces
 * wait_for_recording's checks (milliseconds here, so that a test of several checks is quick), and `tuning` adds to
 * the clients' options (a transport of the test's own).
 */
function serverParts(
  env: NodeJS.ProcessEnv,
  pacing?: WaitPacing,
  tuning: ClientTuning = {},
): { connections: ReturnType<typeof connect>; logger: Logger; logs: string[]; logged: Connected['logged'] } {
  const logs: string[] = [];
  const waiting = new Set<() => void>();
  const note = (line: string) => {
    logs.push(line);
    for (const wake of waiting) wake();
  };
  const logger: Logger = { info: note, error: note };
  const logged = async (count = 1) => {
    while (logs.length < count) {
      await new Promise<void>((resolve) => {
        const wake = () => (waiting.delete(wake), resolve());
        waiting.add(wake);
      });
    }
    return logs;
  };
  // Retries happen at once: a test asserts what was sent, not how long core waited.
  return { connections: connect(readSettings(env), { sleep: () => Promise.resolve(), ...tuning }, pacing), logger, logs, logged };
}

/** The SDK's own client, talking to our server in this process over the SDK's in-memory transport (a 2025 connection). */
export async function connectClient(env: NodeJS.ProcessEnv, user?: User, pacing?: WaitPacing, tuning?: ClientTuning): Promise<Connected> {
  const { connections, logger, logs, logged } = serverParts(env, pacing, tuning);
  const server = createScreenRecServer(connections, logger ?? silentLogger);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = user === undefined ? new Client({ name: 'screenrec-mcp-tests', version: '1.0.0' }) : clientV1(user);
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return {
    client,
    logs,
    logged,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** Runs `use` with a client connected as connectClient connects it, and closes the connection however `use` ends. */
export async function withClient(env: NodeJS.ProcessEnv, use: (connected: Connected) => Promise<void>): Promise<void> {
  const connected = await connectClient(env);
  try {
    await use(connected);
  } finally {
    await connected.close();
  }
}

/**
 * A client of one era talking to the HTTP handler in this process, through the same handler the bin serves (no
 * socket): `2026-07-28` is the v2 SDK's client, `2025 stateless` the v1 SDK's, which gets no session.
 */
export async function connectOverHttp(env: NodeJS.ProcessEnv, era: HttpEra, user?: User): Promise<{ mcp: McpDriver; logs: string[] }> {
  const { client, logs, close } = await httpClient(env, era, { user });
  const mcp = driverOf(client);
  return { mcp: { ...mcp, close }, logs };
}

export type HttpEra = '2026-07-28' | '2025 stateless';

/** The client of `era` behind connectOverHttp, for a test that needs more than a driver (progress, cancelling). */
export async function httpClient(
  env: NodeJS.ProcessEnv,
  era: HttpEra,
  { user, pacing }: { user?: User; pacing?: WaitPacing } = {},
): Promise<{ client: Client | ClientV2; logs: string[]; close: () => Promise<void> }> {
  const { connections, logger, logs } = serverParts(env, pacing);
  const handler = createMcpHandler(screenRecServers(connections, logger));
  const url = new URL('http://127.0.0.1/mcp');
  const fetch = (input: string | URL | Request, init?: RequestInit) => handler.fetch(new Request(input, init));
  const client = era === '2025 stateless' ? clientV1(user) : clientV2(user);
  await (client instanceof Client
    ? client.connect(new HttpTransportV1(url, { fetch }))
    : client.connect(new HttpTransportV2(url, { fetch })));
  return { client, logs, close: async () => (await client.close(), await handler.close()) };
}

/**
 * Connects a fresh client before each test of the calling file and closes it after; the returned handle always
 * points at the current test's connection.
 */
export function connectEachTest(env: NodeJS.ProcessEnv): Connected {
  let current: Connected | undefined;
  const live = (): Connected => {
    if (current === undefined) throw new Error('the MCP client is connected only while a test runs');
    return current;
  };
  beforeEach(async () => {
    current = await connectClient(env);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    get client() {
      return live().client;
    },
    get logs() {
      return live().logs;
    },
    logged: (count) => live().logged(count),
    close: () => live().close(),
  };
}

export type ToolResult = CallToolResult;

/** Calls a tool and returns its result as the SDK client validated it. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

/** The one text block of a result. */
export function textOf(result: ToolResult): string {
  expect(result.content).toHaveLength(1);
  const [block] = result.content;
  if (block?.type !== 'text') throw new Error(`expected one text block, got ${JSON.stringify(result.content)}`);
  return block.text;
}

export const { restScope, restPath, hookScope } = serviceMock({
  baseUrl: BASE_URL,
  backendToken: BACKEND_TOKEN,
  apiKey: API_KEY,
  workspaceId: WORKSPACE_ID,
});

/** A recording as the service answers it: core's example recording, new, under the ID the tests' connection uses. */
export const recording = exampleRecording({ id: RECORDING_ID, status: 'NEW', tags: ['support'], comment: 'VIP customer' });
