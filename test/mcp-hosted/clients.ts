import { StreamableHTTPClientTransport as HttpTransportV2 } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport as HttpTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ConnectedWorkspace } from '../support/reference-server';
import { clientV1, clientV2 } from '../../packages/mcp-server/test/clients';

export type Era = '2025' | '2026-07-28';
export const ERAS: readonly Era[] = ['2025', '2026-07-28'];
export type SdkClient = ReturnType<typeof clientV1> | ReturnType<typeof clientV2>;

/** The headers a user puts in their MCP client's configuration: the API key, the workspace, the backend token if any. */
export function credentialHeaders(workspace: ConnectedWorkspace, { backendToken = true } = {}): Record<string, string> {
  return {
    authorization: `Bearer ${workspace.apiKey}`,
    'x-screenrec-workspace-id': workspace.workspaceId,
    ...(backendToken ? { 'x-screenrec-backend-token': workspace.backendToken } : {}),
  };
}

/** The SDK client of an era (v1 for 2025, v2 pinned to 2026-07-28), connected to `url` with `headers` on every request. */
export async function connectClient(era: Era, url: string, headers: Record<string, string>): Promise<SdkClient> {
  if (era === '2025') {
    const client = clientV1();
    await client.connect(new HttpTransportV1(new URL(url), { requestInit: { headers } }));
    return client;
  }
  const client = clientV2();
  await client.connect(new HttpTransportV2(new URL(url), { requestInit: { headers } }));
  return client;
}

export interface ToolAnswer {
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export async function callTool(client: SdkClient, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  return (await client.callTool({ name, arguments: args })) as ToolAnswer;
}

/** A call that must succeed: its structured output. */
export async function ok<T = Record<string, unknown>>(client: SdkClient, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const answer = await callTool(client, name, args);
  if (answer.isError === true) throw new Error(`${name} failed: ${JSON.stringify(answer.content)}`);
  return answer.structuredContent as T;
}

export function textOf(answer: ToolAnswer): string {
  return answer.content.map((part) => part.text ?? '').join('\n');
}
