import { NOT_FOUND_RECORDING, NOT_FOUND_VIDEO, OPERATIONS, OPERATION_NAMES, type CatalogueOperation } from 'screenrec';
import { startReferenceServer, type ConnectedWorkspace, type RunningServer } from '@screenrec/test-support/reference-server';
import { expectNoSecretsIn } from '@screenrec/test-support/secrets';
import { TOOLS_IN_ORDER, connectDriver, type ClientKind, type McpDriver, type Target, type ToolResult } from './clients';
import { startHttpBin, type HttpBin } from './http-bin';

const TOKEN = 'clients-token-0b1c2d3e4f5a6b7c';

/** The reference server and the built bin over HTTP that a file of client runs shares, once its beforeAll ran. */
export interface ClientRunsSetting {
  service: RunningServer;
  workspace: ConnectedWorkspace;
  /** The bin's configuration, for a stdio server. */
  env: Record<string, string>;
  http: HttpBin;
}

interface Recording {
  id: string;
  status: string;
  direction: string;
  tags: string[];
  externalReference?: string;
  url?: string;
}

/**
 * The catalogue's regular tools that take a recording ID alone and change nothing for good: what is not called by name
 * below is called on a recording of the run, and must give that recording's ID back in its output.
 */
const ON_ONE_RECORDING = OPERATION_NAMES.flatMap((name) => {
  const operation: CatalogueOperation = OPERATIONS[name];
  const { keys, perform, inputs, effects } = operation;
  const alone = inputs.length === 1 && inputs[0] === 'recordingId';
  return keys.mcp !== undefined && perform !== undefined && alone && !effects.destructive ? [{ tool: keys.mcp, operation }] : [];
});

const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Every tool once, in a user's order, on recordings tagged for this run alone (the runs share one workspace). */
async function everyTool({ service }: ClientRunsSetting, mcp: McpDriver, tag: string): Promise<void> {
  const called = new Set<string>();
  const ok = async <T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}): Promise<T> => {
    called.add(name);
    const result = await mcp.callTool(name, args);
    if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
    return result.structuredContent as T;
  };
  const failed = async (name: string, args: Record<string, unknown>): Promise<ToolResult> => {
    called.add(name);
    return mcp.callTool(name, args);
  };

  expect(await mcp.listTools()).toEqual(TOOLS_IN_ORDER);

  const invited = await ok<Recording>('create_recording_request', { email: `${tag}@example.com`, tags: [tag], comment: 'New hire' });
  expect(invited).toMatchObject({ status: 'NEW', direction: 'REQUEST', tags: [tag], comment: 'New hire' });
  const outbox = await service.adminOk<Array<{ to: string }>>(200, 'GET', '/admin/outbox');
  expect(outbox.map((mail) => mail.to)).toContain(`${tag}@example.com`);

  await nextMillisecond();
  // The token is the n8n integration's: the server finds that out by itself.
  const link = await ok<{ url: string; recordingId: string; detailsError: null }>('create_recording_link', {
    externalReference: `${tag}-ticket`,
    tags: [tag],
  });
  expect(link).toEqual({
    url: `${service.baseUrl}/r/${link.recordingId}`,
    recordingId: expect.any(String),
    status: 'NEW',
    detailsError: null,
    externalReference: `${tag}-ticket`,
    tags: [tag],
  });

  const all = await ok<{ recordings: Recording[]; total: number }>('find_recordings', { tags: [tag] });
  expect([all.total, all.recordings.map((r) => r.id)]).toEqual([2, [link.recordingId, invited.id]]);
  const firstPage = await ok<{ recordings: Recording[]; nextCursor: string }>('find_recordings', { tags: [tag], limit: 1 });
  const secondPage = await ok<{ recordings: Recording[]; nextCursor?: string }>('find_recordings', {
    tags: [tag],
    limit: 1,
    cursor: firstPage.nextCursor,
  });
  expect([firstPage.recordings[0]!.id, secondPage.recordings[0]!.id, secondPage.nextCursor]).toEqual([
    link.recordingId,
    invited.id,
    undefined,
  ]);

  const linked = await ok<Recording>('get_recording', { recordingId: link.recordingId });
  expect(linked).toMatchObject({ id: link.recordingId, status: 'NEW', tags: [tag], externalReference: `${tag}-ticket`, url: link.url });

  expect(await failed('get_video_url', { recordingId: link.recordingId })).toMatchObject({
    content: [{ type: 'text', text: NOT_FOUND_VIDEO }],
    isError: true,
  });
  await service.adminOk(200, 'POST', `/admin/recordings/${link.recordingId}/status`, { status: 'COMPLETED' });
  expect(await ok('wait_for_recording', { recordingId: link.recordingId })).toMatchObject({
    recordingId: link.recordingId,
    completed: true,
    recording: { id: link.recordingId, status: 'COMPLETED' },
    stoppedWaiting: { reason: 'COMPLETED', checks: 1 },
  });
  const { videoUrl } = await ok<{ videoUrl: string }>('get_video_url', { recordingId: link.recordingId });
  const video = await fetch(videoUrl);
  expect(video.status).toBe(200);
  expect((await video.arrayBuffer()).byteLength).toBeGreaterThan(0);

  const updated = await ok<Recording>('update_recording', { recordingId: link.recordingId, tags: [tag, `${tag}-reviewed`] });
  expect(updated.tags).toEqual([tag, `${tag}-reviewed`]);
  expect(await ok('search_tags', { query: `${tag}-REV` })).toEqual({ tags: [`${tag}-reviewed`] });

  for (const { tool, operation } of ON_ONE_RECORDING.filter(({ tool }) => !called.has(tool))) {
    const output = await ok(tool, { recordingId: link.recordingId });
    const fits = operation.output.safeParse(output).success;
    expect({ tool, fits, about: Object.values(output).includes(link.recordingId) }).toEqual({ tool, fits: true, about: true });
  }

  // None of these clients declares elicitation: the delete goes ahead as before, under its destructive annotation.
  expect(await ok('delete_recording', { recordingId: invited.id })).toMatchObject({ id: invited.id, tags: [tag], deleted: true });
  expect(await failed('get_recording', { recordingId: invited.id })).toMatchObject({
    content: [{ type: 'text', text: NOT_FOUND_RECORDING }],
    isError: true,
  });
  expect(TOOLS_IN_ORDER.filter((tool) => !called.has(tool))).toEqual([]);
}

/** One client of `kind` over `transport` (`who` names it): a run in clientRunsOfEveryTool. */
export type ClientRun = [kind: ClientKind, transport: 'stdio' | 'http', who: string];

/**
 * Real clients, each driving every tool of the built bin against the reference server, over stdio and over HTTP;
 * gives what the file's other tests may use, once its beforeAll ran.
 */
export function clientRunsOfEveryTool(runs: ClientRun[]): () => ClientRunsSetting {
  let service: RunningServer | undefined;
  let setting: ClientRunsSetting | undefined;
  beforeAll(async () => {
    service = await startReferenceServer();
    const workspace = await service.connectWorkspace('MCP Clients', 'N8N');
    const env = {
      SCREENREC_BASE_URL: service.baseUrl,
      SCREENREC_WORKSPACE_ID: workspace.workspaceId,
      SCREENREC_API_KEY: workspace.apiKey,
      SCREENREC_BACKEND_TOKEN: workspace.backendToken,
    };
    setting = { service, workspace, env, http: await startHttpBin({ ...env, SCREENREC_MCP_TOKEN: TOKEN }) };
  });
  afterAll(async () => {
    expect(await setting?.http.stop()).toBe(0);
    await service?.stop();
  });
  const settingNow = (): ClientRunsSetting => {
    if (setting === undefined) throw new Error('the reference server and the HTTP bin did not start');
    return setting;
  };

  describe.each(runs)('%s client over %s', (kind, transport, who) => {
    it(`${who} runs every tool, from request to video to deletion`, async () => {
      const { env, http, workspace } = settingNow();
      const target: Target = transport === 'stdio' ? { stdio: env } : { http: http.url, token: TOKEN };
      const mcp = await connectDriver(kind, target);
      try {
        await everyTool(settingNow(), mcp, `${kind}-${transport}`);
      } finally {
        await mcp.close();
      }
      expectNoSecretsIn([http.stderr()], [workspace.apiKey, workspace.backendToken, TOKEN]);
    });
  });
  return settingNow;
}
