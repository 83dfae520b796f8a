// The list page is assembled from each recording's kept JSON (view-json.ts): it must read exactly as the views
// serialized afresh, after every kind of change to a recording and when the links' base changes.
import type { Recording } from '../../shared/reference-server/src/model';
import type { InProcessServer } from '../../shared/reference-server/src/server';
import { ViewJson, pageJson } from '../../shared/reference-server/src/view-json';
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

/** What the list answered before views were kept: the page object, serialized whole. */
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
  store.addRecording({ workspaceId: demo.workspaceId, direction: 'RESPONSE', tags: ['a', 'b'], comment: 'first "quoted" ünïcödé', notifications: [{ type: 'EMAIL', value: 'x@example.com' }] });
  await hook('ZAPIER', demo.tokens.ZAPIER, { action: 'RECORDING', recording: { externalReference: 'ext-1', tags: ['hooked'] } });
  const list = async () => (await rest('POST', '/recordings/list', { pageSize: 100 })).text;
  const current = () => store.recordingsOf(demo.workspaceId);

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
  // A journal replay assigns a later version of the recording over the kept one.
  for (const change of [{ externalReference: 'late' }, { notifications: [{ type: 'EMAIL' as const, value: 'y@example.com' }] }, { comment: 'replayed' }]) {
    store.apply({ kind: 'recording', value: { ...first!, ...change } });
    expect(await list()).toBe(expectedPage(server, current()));
  }
  await rest('DELETE', `/recordings/${second!.id}`);
  expect(await list()).toBe(expectedPage(server, current()));
});

it('follows the links base from the unlistened address to the listening one', async () => {
  const server = await built();
  const { store, demo } = server;
  store.addRecording({ workspaceId: demo.workspaceId, direction: 'REQUEST' });
  const before = (await clientsOf(server).rest('POST', '/recordings/list', {})).text;
  expect(before).toBe(expectedPage(server, store.recordingsOf(demo.workspaceId)));
  const listening = await server.listen();
  const after = (await clientsOf(listening).rest('POST', '/recordings/list', {})).text;
  expect(after).toContain(listening.baseUrl);
  expect(after).toBe(expectedPage(listening, store.recordingsOf(demo.workspaceId)));
});

it('makes a view again only when the recording or the base changed', () => {
  let made = 0;
  const views = new ViewJson((recording) => {
    made++;
    return { id: recording.id, direction: recording.direction, status: recording.status, tags: recording.tags, notifications: recording.notifications, comment: recording.comment, createdDate: recording.createdDate, userId: recording.userId, url: 'x' };
  });
  const recording: Recording = {
    id: 'r',
    workspaceId: 'w',
    userId: 'u',
    direction: 'REQUEST',
    status: 'NEW',
    tags: [],
    notifications: [],
    comment: '',
    createdDate: new Date(0).toISOString(),
    createdMs: 0,
  };
  const first = views.of(recording, 'http://a');
  expect(views.of(recording, 'http://a')).toBe(first);
  expect(made).toBe(1);
  views.of(recording, 'http://b');
  recording.status = 'RECORDING';
  views.of(recording, 'http://b');
  recording.tags = ['t'];
  views.of(recording, 'http://b');
  expect(made).toBe(4);
  expect(pageJson([first, first], 2, 1).toString()).toBe(JSON.stringify({ content: [JSON.parse(first.toString()), JSON.parse(first.toString())], totalElements: 2, totalPages: 1 }));
  expect(pageJson([], 0, 0).toString()).toBe('{"content":[],"totalElements":0,"totalPages":0}');
});
