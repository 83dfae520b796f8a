import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import nock from 'nock';
import { readSettings } from '../../packages/mcp-server/src/config';
import { connect } from '../../packages/mcp-server/src/connections';
import { silentLogger, type Logger } from '../../packages/mcp-server/src/log';
import { createScreenRecServer } from '../../packages/mcp-server/src/server';

// Every suite runs beside others on a shared machine: in-process calls are quick, but not under any load.
jest.setTimeout(30_000);

export const BASE_URL = 'https://api.screenrec.test';
export const WORKSPACE_ID = '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
export const API_KEY = 'sk_live_0a1b2c3d4e5f6789';
export const BACKEND_TOKEN = 'bt_live_9f8e7d6c5b4a3210';
export const RECORDING_ID = '0b7c2d1e-3f4a-4b5c-9d6e-7f8a9b0c1d2e';

/** The environment of a fully configured server, without the hook token unless a test adds it. */
export const REST_ENV = { SCREENREC_BASE_URL: BASE_URL, SCREENREC_WORKSPACE_ID: WORKSPACE_ID, SCREENREC_API_KEY: API_KEY };

export interface Connected {
  client: Client;
  /** Every log line the server wrote. */
  logs: string[];
  close(): Promise<void>;
}

/** The SDK's own client, talking to our server in this process over the SDK's in-memory transport. */
export async function connectClient(env: NodeJS.ProcessEnv): Promise<Connected> {
  const logs: string[] = [];
  const logger: Logger = { info: (line) => logs.push(line), error: (line) => logs.push(line) };
  // Retries happen at once: a test asserts what was sent, not how long core waited.
  const connections = connect(readSettings(env), { sleep: () => Promise.resolve() });
  const server = createScreenRecServer(connections, logger ?? silentLogger);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'screenrec-mcp-tests', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return {
    client,
    logs,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
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

export const restScope = () => nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } });
export const restPath = (path: string) => `/public/integration/${WORKSPACE_ID}${path}`;
/** Expects one POST to the hook endpoint of `provider` with the token and exactly `body`. */
export const hookScope = (provider: 'N8N' | 'ZAPIER', body: nock.RequestBodyMatcher) =>
  nock(BASE_URL, { reqheaders: { 'x-service-token': BACKEND_TOKEN, 'content-type': 'application/json' } }).post(`/public/webhooks/${provider}`, body);

/** A recording as the service answers it. */
export const recording = {
  id: RECORDING_ID,
  direction: 'REQUEST',
  status: 'NEW',
  tags: ['support'],
  notifications: [{ type: 'EMAIL', value: 'team@example.com' }],
  comment: 'VIP customer',
  createdDate: '2026-11-21T09:30:00.000Z',
};

/** Polls a condition the server reaches by itself (a log line, a request seen), for at most 5 s. */
export async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 5_000) throw new Error('condition not reached within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
