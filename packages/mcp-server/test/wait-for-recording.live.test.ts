import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { startReferenceServer, type RunningServer } from '@screenrec/test-support/reference-server';
import { connectSdkClient } from './clients';

// The built bin over stdio, the reference server as the service: a person's recording moves on while the agent waits.
jest.setTimeout(60_000);

let service: RunningServer;
let env: Record<string, string>;

beforeAll(async () => {
  service = await startReferenceServer();
  const workspace = await service.connectWorkspace('MCP Waiting', 'N8N');
  env = { SCREENREC_BASE_URL: service.baseUrl, SCREENREC_WORKSPACE_ID: workspace.workspaceId, SCREENREC_API_KEY: workspace.apiKey };
});
afterAll(async () => {
  await service?.stop();
});

interface Result {
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

describe.each([
  ['v1', 'the v1 SDK client (2025-11-25)'],
  ['v2', 'the v2 SDK client (2026-07-28)'],
] as const)('wait_for_recording over stdio, %s', (kind, who) => {
  // Both clients wait at once, each on its own recording and its own bin: the waits are the service's pace, not work.
  it.concurrent(`${who} waits while the person records, and gets the recording once it is COMPLETED`, async () => {
    const client = await connectSdkClient(kind, { stdio: env });
    try {
      const call = async (
        name: string,
        args: Record<string, unknown>,
        onprogress?: (note: { message?: string }) => void,
      ): Promise<Result> => {
        const params = { name, arguments: args };
        const options = onprogress === undefined ? {} : { onprogress };
        return (
          client instanceof ClientV1 ? await client.callTool(params, undefined, options) : await client.callTool(params, options)
        ) as Result;
      };
      const created = await call('create_recording_request', { tags: [`wait-${kind}`] });
      const id = created.structuredContent?.id as string;
      const seen: string[] = [];
      // Each step waits for the progress note itself, however long the checks take: jest's timeout is the only limit.
      const looking = new Set<() => void>();
      const noteThat = (holds: (message: string) => boolean) =>
        new Promise<void>((resolve) => {
          const look = () => seen.some(holds) && (looking.delete(look), resolve());
          looking.add(look);
          look();
        });
      const waiting = call('wait_for_recording', { recordingId: id }, (note) => {
        seen.push(note.message ?? '');
        for (const look of looking) look();
      });
      const short = id.slice(0, 8);
      await noteThat(() => true);
      await service.adminOk(200, 'POST', `/admin/recordings/${id}/status`, { status: 'RECORDING' });
      await noteThat((message) => message.startsWith(`Recording ${short}: Recording`));
      await service.adminOk(200, 'POST', `/admin/recordings/${id}/status`, { status: 'COMPLETED' });

      const result = await waiting;
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toMatchObject({
        recordingId: id,
        completed: true,
        recording: { id, status: 'COMPLETED' },
        stoppedWaiting: { reason: 'COMPLETED' },
      });
      // One note per check, each naming the status then: New, Recording (once or more), Completed. The last note can
      // be lost by the client when it reads it in one chunk with the answer (a busy machine): both SDKs' Protocol
      // runs notification handlers a microtask later but drops the call's progress handler in _onresponse at once.
      const statuses = seen.map((message) => /^Recording \w+: (\w+) \(check (\d+)\)$/.exec(message)!.slice(1));
      expect(statuses.map(([, check]) => Number(check))).toEqual(seen.map((_, index) => index + 1));
      expect(['New Recording', 'New Recording Completed']).toContain([...new Set(statuses.map(([status]) => status))].join(' '));
    } finally {
      await client.close();
    }
  });
});
