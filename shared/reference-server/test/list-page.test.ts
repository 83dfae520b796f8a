// The list page is assembled from each recording's stored view JSON (the recordings table's `view` column) and kept
// for the next identical request: it must read exactly as the views serialized afresh, after every kind of change to
// a recording (creation included) and when the links' base changes.
import type { Recording } from '../src/model';
import type { InProcessServer } from '../src/server';
import { buildQuietServer, clientsOf, startQuietServer } from './support';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

async function built(start = false): Promise<InProcessServer> {
  const server = start ? await startQuietServer() : await buildQuietServer();
  closers.push(() => server.close());
  return server;
}

/** The page object, serialized whole. */
function expectedPage(server: InProcessServer, recordings: readonly Recording[]): string {
  const view = (recording: Recording) => ({
    id: recording.id,
    direction: recording.direction,
    status: recording.status,
    tags: recording.tags,
    notifications: recording.notifications,
    comment: recording.comment,
    createdDate: recording.createdDate,
    userId: recording.userId,
    ...(recording.externalReference === undefined ? {} : { externalReference: recording.externalReference }),
    url: `${server.publicUrl}/r/${recording.id}`,
  });
  return JSON.stringify({ content: recordings.map(view), totalElements: recordings.length, totalPages: recordings.length === 0 ? 0 : 1 });
}

it('answers the same bytes as serializing the views afresh, after each kind of change', async () => {
  const server = await built();
  const { rest, hook, admin } = clientsOf(server);
  const { store, demo } = server;
  const created = store.addRecording({
    workspaceId: demo.workspaceId,
    direction: 'RESPONSE',
    tags: ['a', 'b'],
    comment: 'first "quoted" ünïcödé \u2028 \u0001 \ud800',
    notifications: [{ type: 'EMAIL', value: 'x@example.com' }],
  });
  await hook('ZAPIER', demo.tokens.ZAPIER, {
    action: 'RECORDING',
    recording: { externalReference: 'ext-1 "</script>"', tags: ['hooked'] },
  });
  const list = async () => (await rest('POST', '/recordings/list', { pageSize: 100 })).text;
  const ids: string[] = [];
  const current = () => ids.map((id) => store.recording(id)).filter((recording) => recording !== undefined);

  ids.push(...(JSON.parse(await list()) as { content: Array<{ id: string }> }).content.map((recording) => recording.id));
  expect(ids[0]).toBe(created.id);
  expect(ids).toHaveLength(2);
  expect(await list()).toBe(expectedPage(server, current()));
  const [first, second] = current();
  await rest('PUT', `/recordings/${first!.id}`, { tags: ['c'] });
  expect(await list()).toBe(expectedPage(server, current()));
  await rest('PUT', `/recordings/${first!.id}`, { comment: 'changed' });
  expect(await list()).toBe(expectedPage(server, current()));
  await admin('POST', `/recordings/${second!.id}/status`, { status: 'PROCESSING' });
  expect(await list()).toBe(expectedPage(server, current()));
  store.setStatus(first!, 'RECORDING');
  expect(await list()).toBe(expectedPage(server, current()));
  store.updateRecording(first!, { tags: ['d', 'd', 'e'], comment: 'again' });
  expect(await list()).toBe(expectedPage(server, current()));
  await rest('DELETE', `/recordings/${second!.id}`);
  expect(await list()).toBe(expectedPage(server, current()));
  ids.push((JSON.parse((await rest('POST', '/recordings', { direction: 'REQUEST' })).text) as { id: string }).id);
  expect(await list()).toBe(expectedPage(server, current()));
});

it('follows the links base from the unlistened address to the listening one', async () => {
  const server = await built();
  const { store, demo } = server;
  const recording = store.addRecording({ workspaceId: demo.workspaceId, direction: 'REQUEST' });
  const before = (await clientsOf(server).rest('POST', '/recordings/list', {})).text;
  expect(before).toBe(expectedPage(server, [recording]));
  const listening = await server.listen();
  const after = (await clientsOf(listening).rest('POST', '/recordings/list', {})).text;
  expect(after).toContain(listening.baseUrl);
  expect(after).toBe(expectedPage(listening, [recording]));
});
