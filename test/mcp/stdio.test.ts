import { NOT_FOUND_RECORDING, NOT_FOUND_VIDEO } from '@screenrec/core';
import { startReferenceServer, type ConnectedWorkspace, type RunningServer } from '../support/reference-server';
import { expectNoSecretsIn } from '../support/secrets';
import { waitUntil } from '../support/wait';
import type { ToolResult } from './harness';
import { spawnStdioServer, type SpawnedServer } from './stdio-bin';

jest.setTimeout(120_000);

let service: RunningServer;
let workspace: ConnectedWorkspace;
let mcp: SpawnedServer;

beforeAll(async () => {
  service = await startReferenceServer();
  workspace = await service.connectWorkspace('MCP Workspace', 'N8N');
  mcp = await spawnStdioServer({
    SCREENREC_BASE_URL: service.baseUrl,
    SCREENREC_WORKSPACE_ID: workspace.workspaceId,
    SCREENREC_API_KEY: workspace.apiKey,
    SCREENREC_BACKEND_TOKEN: workspace.backendToken,
  });
});
afterAll(async () => {
  await mcp?.close();
  await service?.stop();
});

async function tool<T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = (await mcp.client.callTool({ name, arguments: args })) as ToolResult;
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent as T;
}
async function toolError(name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await mcp.client.callTool({ name, arguments: args })) as ToolResult;
  expect(result.isError).toBe(true);
  return (result.content[0] as { text: string }).text;
}
interface Recording {
  id: string;
  status: string;
  direction: string;
  tags: string[];
  externalReference?: string;
  url?: string;
}
const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the built bin over stdio, against the reference server', () => {
  it('drives every tool from request to video to deletion', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'create_recording_link',
      'create_recording_request',
      'delete_recording',
      'find_recordings',
      'get_recording',
      'get_video_url',
      'search_tags',
      'update_recording',
    ]);

    const invited = await tool<Recording>('create_recording_request', { email: 'ana@example.com', tags: ['onboarding'], comment: 'New hire' });
    expect(invited).toMatchObject({ status: 'NEW', direction: 'REQUEST', tags: ['onboarding'], comment: 'New hire' });
    const outbox = await service.adminOk<Array<{ to: string }>>(200, 'GET', '/admin/outbox');
    expect(outbox.map((mail) => mail.to)).toContain('ana@example.com');

    await nextMillisecond();
    // The token is the n8n integration's: the server finds that out by itself.
    const link = await tool<{ url: string; recordingId: string }>('create_recording_link', { externalReference: 'TICKET-7', tags: ['support'] });
    expect(link.url).toBe(`${service.baseUrl}/r/${link.recordingId}`);

    const all = await tool<{ recordings: Recording[]; total: number }>('find_recordings');
    expect(all.total).toBe(2);
    expect(all.recordings.map((r) => r.id)).toEqual([link.recordingId, invited.id]);

    const firstPage = await tool<{ recordings: Recording[]; nextCursor: string }>('find_recordings', { limit: 1 });
    const secondPage = await tool<{ recordings: Recording[]; nextCursor?: string }>('find_recordings', { limit: 1, cursor: firstPage.nextCursor });
    expect([firstPage.recordings[0]!.id, secondPage.recordings[0]!.id, secondPage.nextCursor]).toEqual([link.recordingId, invited.id, undefined]);

    const linked = await tool<Recording>('get_recording', { recordingId: link.recordingId });
    expect(linked).toMatchObject({ id: link.recordingId, status: 'NEW', tags: ['support'], externalReference: 'TICKET-7', url: link.url });

    expect(await toolError('get_video_url', { recordingId: link.recordingId })).toBe(NOT_FOUND_VIDEO);
    await service.adminOk(200, 'POST', `/admin/recordings/${link.recordingId}/status`, { status: 'COMPLETED' });
    const completed = await tool<{ recordings: Recording[] }>('find_recordings', { statuses: ['COMPLETED'] });
    expect(completed.recordings.map((r) => r.id)).toEqual([link.recordingId]);
    const { videoUrl } = await tool<{ videoUrl: string }>('get_video_url', { recordingId: link.recordingId });
    const video = await fetch(videoUrl);
    expect(video.status).toBe(200);
    expect((await video.arrayBuffer()).byteLength).toBeGreaterThan(0);

    const updated = await tool<Recording>('update_recording', { recordingId: link.recordingId, tags: ['support', 'reviewed'] });
    expect(updated.tags).toEqual(['support', 'reviewed']);
    expect(await tool('search_tags', { query: 'REV' })).toEqual({ tags: ['reviewed'] });

    const resource = await mcp.client.readResource({ uri: `screenrec://recordings/${link.recordingId}` });
    expect(JSON.parse((resource.contents[0] as { text: string }).text)).toMatchObject({ id: link.recordingId, status: 'COMPLETED', tags: ['support', 'reviewed'] });

    expect(await tool('delete_recording', { recordingId: invited.id })).toMatchObject({ id: invited.id, tags: ['onboarding'], deleted: true });
    expect(await toolError('get_recording', { recordingId: invited.id })).toBe(NOT_FOUND_RECORDING);

    // Log lines travel on stderr, beside the answers on stdout: wait for the last one.
    await waitUntil('the delete_recording log line', (note) => note(mcp.stderr()).includes('delete_recording: ok') || undefined);
    const log = mcp.stderr();
    expect(log).toContain(`screenrec-mcp: 0.1.0 over stdio: ScreenRec at ${service.baseUrl}, with create_recording_link`);
    expect(log).toContain('screenrec-mcp: create_recording_link: ok in');
    expectNoSecretsIn([log], [workspace.apiKey, workspace.backendToken]);
  });
});
