import { RestClient } from 'screenrec';
import {
  MARK_NAMES,
  RECORDING_MARKS,
  RECORDING_TEXT_FIELDS,
  TEXT_FIELD_NAMES,
  type MarkValues,
  type TextField,
} from '../src/recording-fields';
import type { InProcessServer } from '../src/server';
import { answeredRecording } from '@screenrec/test-support/recordings';
import { buildWithClients, injectTransport, UNKNOWN_ID, type Clients } from './support';

const UNAUTHORIZED = '{"message":"Unauthorized"}';
const FORBIDDEN = '{"message":"Forbidden"}';
const NOT_FOUND = '{"message":"Not found"}';

interface RecordingJson {
  id: string;
  status: string;
  tags: string[];
  createdDate: string;
  [field: string]: unknown;
}
interface PageJson {
  content: RecordingJson[];
  totalElements: number;
  totalPages: number;
}

let server: InProcessServer;
let clients: Clients;

beforeAll(async () => ({ server, clients } = await buildWithClients()));
afterAll(() => server.close());

/** A value of each kind of mark, as a test sets it. */
const MARK_EXAMPLES: MarkValues = { text: 'ticket-9', flag: true };

/** A fresh workspace with API access on and a key; answers its id and key. */
async function apiWorkspace(name = 'Rest Co') {
  const { workspaceId } = (await clients.admin('POST', '/workspaces', { name })).json as { workspaceId: string };
  await clients.admin('PATCH', `/workspaces/${workspaceId}`, { apiAccess: true });
  const { apiKey, keyId } = (await clients.admin('POST', `/workspaces/${workspaceId}/api-keys`, {})).json as {
    apiKey: string;
    keyId: string;
  };
  const rest = (method: string, path: string, body?: unknown) => clients.rest(method, path, body, apiKey, workspaceId);
  return { workspaceId, apiKey, keyId, rest };
}

/** Creates a recording in-process at a chosen instant (the REST API always stamps "now"). */
function recordAt(workspaceId: string, iso: string, fields: { tags?: string[]; direction?: 'REQUEST' | 'RESPONSE' } = {}) {
  const now = jest.spyOn(Date, 'now').mockReturnValue(Date.parse(iso));
  try {
    return server.store.addRecording({ workspaceId, direction: fields.direction ?? 'REQUEST', tags: fields.tags });
  } finally {
    now.mockRestore();
  }
}

describe('authentication and workspace access', () => {
  it.each([
    ['no Authorization header', undefined],
    ['a Basic header', 'Basic abc'],
    ['a Bearer header without a key', 'Bearer '],
    ['an unknown key', 'Bearer srk_unknown'],
  ])('answers 401 Unauthorized for %s, before looking at the body', async (_label, authorization) => {
    const answer = await clients.request(`/public/integration/${server.demo.workspaceId}/recordings`, {
      method: 'POST',
      headers: authorization === undefined ? {} : { authorization },
      raw: '{not json',
    });
    expect([answer.status, answer.text]).toEqual([401, UNAUTHORIZED]);
  });

  it('answers 401 for a revoked key while other keys keep working', async () => {
    const workspace = await apiWorkspace();
    const second = (await clients.admin('POST', `/workspaces/${workspace.workspaceId}/api-keys`)).json as { apiKey: string };
    expect((await clients.admin('DELETE', `/workspaces/${workspace.workspaceId}/api-keys/${workspace.keyId}`)).status).toBe(204);
    const revoked = await workspace.rest('POST', '/recordings/list', {});
    const other = await clients.rest('POST', '/recordings/list', {}, second.apiKey, workspace.workspaceId);
    expect([revoked.status, revoked.text]).toEqual([401, UNAUTHORIZED]);
    expect(other.status).toBe(200);
  });

  it('answers 401 for an expired key and accepts one that has not expired yet', async () => {
    const { workspaceId } = await apiWorkspace();
    const expired = (await clients.admin('POST', `/workspaces/${workspaceId}/api-keys`, { expiresAt: '2020-01-01T00:00:00Z' })).json as {
      apiKey: string;
    };
    const valid = (await clients.admin('POST', `/workspaces/${workspaceId}/api-keys`, { expiresAt: '2999-01-01T00:00:00+02:00' })).json as {
      apiKey: string;
      expiresAt: string;
    };
    expect(valid.expiresAt).toBe('2998-12-31T22:00:00.000Z');
    const refused = await clients.rest('POST', '/recordings/list', {}, expired.apiKey, workspaceId);
    expect([refused.status, refused.text]).toEqual([401, UNAUTHORIZED]);
    expect((await clients.rest('POST', '/recordings/list', {}, valid.apiKey, workspaceId)).status).toBe(200);
  });

  it('answers 403 for a key of another workspace, and for a path that is not a workspace id', async () => {
    const other = await apiWorkspace();
    const foreign = await clients.rest('POST', '/recordings/list', {}, other.apiKey, server.demo.workspaceId);
    const malformed = await clients.rest('POST', '/recordings/list', {}, other.apiKey, 'not-a-uuid');
    expect([foreign.status, foreign.text]).toEqual([403, FORBIDDEN]);
    expect([malformed.status, malformed.text]).toEqual([403, FORBIDDEN]);
  });

  it("stops all of a workspace's keys while API access is off and restores them when it is back on", async () => {
    const workspace = await apiWorkspace();
    const second = (await clients.admin('POST', `/workspaces/${workspace.workspaceId}/api-keys`)).json as { apiKey: string };
    await clients.admin('PATCH', `/workspaces/${workspace.workspaceId}`, { apiAccess: false });
    const off = [
      await workspace.rest('POST', '/recordings/list', {}),
      await clients.rest('GET', '/recordings/tags?query=a', undefined, second.apiKey, workspace.workspaceId),
    ];
    await clients.admin('PATCH', `/workspaces/${workspace.workspaceId}`, { apiAccess: true });
    const on = [
      await workspace.rest('POST', '/recordings/list', {}),
      await clients.rest('GET', '/recordings/tags?query=a', undefined, second.apiKey, workspace.workspaceId),
    ];
    expect(off.map((answer) => [answer.status, answer.text])).toEqual([
      [403, FORBIDDEN],
      [403, FORBIDDEN],
    ]);
    expect(on.map((answer) => answer.status)).toEqual([200, 200]);
  });

  it('keeps a new workspace closed until API access is turned on', async () => {
    const { workspaceId } = (await clients.admin('POST', '/workspaces', { name: 'Closed' })).json as { workspaceId: string };
    const { apiKey } = (await clients.admin('POST', `/workspaces/${workspaceId}/api-keys`)).json as { apiKey: string };
    expect((await clients.rest('POST', '/recordings/list', {}, apiKey, workspaceId)).status).toBe(403);
  });
});

describe('POST /recordings', () => {
  it('answers 201 with every field, and sends the invitation to the outbox', async () => {
    const before = Date.now();
    const answer = await clients.rest('POST', '/recordings', {
      email: 'ana@example.com',
      direction: 'RESPONSE',
      tags: ['demo', 'onboarding'],
      notifications: [{ type: 'EMAIL', value: 'team@example.com' }],
      comment: 'internal note',
    });
    const after = Date.now();
    const recording = answer.json as RecordingJson;
    expect(answer.status).toBe(201);
    expect(recording).toEqual(
      answeredRecording({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        direction: 'RESPONSE',
        status: 'NEW',
        tags: ['demo', 'onboarding'],
        notifications: [{ type: 'EMAIL', value: 'team@example.com' }],
        comment: 'internal note',
        userId: server.demo.ownerUserId,
        url: `${server.publicUrl}/r/${recording.id}`,
      }),
    );
    // Stamped while the call ran, however long it took on this machine.
    expect(Date.parse(recording.createdDate)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(recording.createdDate)).toBeLessThanOrEqual(after);
    const outbox = (await clients.admin('GET', '/outbox')).json as Array<{ to: string; subject: string; text: string }>;
    expect(outbox).toContainEqual({
      to: 'ana@example.com',
      subject: 'You are invited to record your screen',
      text: expect.stringContaining(recording.url as string),
    });
  });

  it('sends no invitation without email and fills the defaults', async () => {
    const before = ((await clients.admin('GET', '/outbox')).json as unknown[]).length;
    const answer = await clients.rest('POST', '/recordings', { direction: 'REQUEST' });
    const id = (answer.json as RecordingJson).id;
    expect(answer.json).toEqual(
      answeredRecording({ id, direction: 'REQUEST', status: 'NEW', userId: server.demo.ownerUserId, url: `${server.publicUrl}/r/${id}` }),
    );
    expect(((await clients.admin('GET', '/outbox')).json as unknown[]).length).toBe(before);
  });

  it.each([
    ['a missing direction', {}, 'direction'],
    ['an unknown direction', { direction: 'SIDEWAYS' }, 'direction'],
    ['a malformed email', { direction: 'REQUEST', email: 'not-an-address' }, 'email'],
    ['tags of the wrong type', { direction: 'REQUEST', tags: 'a,b' }, 'tags'],
    ['a notification of another type', { direction: 'REQUEST', notifications: [{ type: 'SMS', value: '+100' }] }, 'notifications.0.type'],
    ['an unknown field', { direction: 'REQUEST', priority: 'high' }, ''],
  ])('answers 400 with errors[] for %s', async (_label, body, path) => {
    const answer = await clients.rest('POST', '/recordings', body);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ message: 'Bad request', errors: expect.arrayContaining([{ path, message: expect.any(String) }]) });
    expect(answer.text.startsWith('{"message":"Bad request","errors":[')).toBe(true);
  });

  it('names the unknown field in the error message', async () => {
    const answer = await clients.rest('POST', '/recordings', { direction: 'REQUEST', priority: 'high' });
    expect(answer.json).toEqual({ message: 'Bad request', errors: [{ path: '', message: 'unknown field(s) priority' }] });
  });
});

describe('POST /recordings/list', () => {
  let workspace: Awaited<ReturnType<typeof apiWorkspace>>;
  let ids: string[];
  beforeAll(async () => {
    workspace = await apiWorkspace('Lister');
    ids = [
      recordAt(workspace.workspaceId, '2026-03-01T10:00:00Z', { tags: ['alpha'] }),
      recordAt(workspace.workspaceId, '2026-03-02T00:00:00Z', { tags: ['beta'], direction: 'RESPONSE' }),
      recordAt(workspace.workspaceId, '2026-03-02T23:59:59Z', { tags: ['alpha', 'gamma'] }),
      recordAt(workspace.workspaceId, '2026-03-03T00:00:00Z', { direction: 'RESPONSE' }),
      recordAt(workspace.workspaceId, '2026-03-04T12:00:00Z', { tags: ['gamma'] }),
    ].map((recording) => recording.id);
    await clients.admin('POST', `/recordings/${ids[1]}/status`, { status: 'RECORDING' });
    await clients.admin('POST', `/recordings/${ids[2]}/status`, { status: 'COMPLETED' });
  });

  async function list(body: unknown): Promise<{ ids: string[]; totalElements: number; totalPages: number }> {
    const answer = await workspace.rest('POST', '/recordings/list', body);
    expect(answer.status).toBe(200);
    const page = answer.json as PageJson;
    return { ids: page.content.map((recording) => recording.id), totalElements: page.totalElements, totalPages: page.totalPages };
  }
  const pick = (...indexes: number[]) => indexes.map((index) => ids[index]);

  it('defaults to the first 10, oldest first', async () => {
    expect(await list({})).toEqual({ ids, totalElements: 5, totalPages: 1 });
  });

  it('accepts a request with no body at all', async () => {
    const answer = await clients.request(`/public/integration/${workspace.workspaceId}/recordings/list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${workspace.apiKey}` },
    });
    expect((answer.json as PageJson).totalElements).toBe(5);
  });

  it('refuses a body that is JSON but not an object, null included, and a body that is not JSON', async () => {
    const target = `/public/integration/${workspace.workspaceId}/recordings/list`;
    const post = (raw: string, type = 'application/json') =>
      clients.request(target, { method: 'POST', headers: { authorization: `Bearer ${workspace.apiKey}`, 'content-type': type }, raw });
    for (const raw of ['null', '[]', '"x"', '7']) {
      const answer = await post(raw);
      expect([raw, answer.status, (answer.json as { errors: unknown }).errors]).toEqual([
        raw,
        400,
        [{ path: '', message: expect.stringMatching(/^Invalid input: expected object, received /) }],
      ]);
    }
    expect((await post('')).status).toBe(200);
    for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])
      expect([type, (await post('{}', type)).text]).toEqual([type, '{"message":"Unsupported media type"}']);
  });

  it('pages with first and pageSize, and counts the pages', async () => {
    expect(await list({ first: 1, pageSize: 2 })).toEqual({ ids: pick(1, 2), totalElements: 5, totalPages: 3 });
    expect(await list({ first: 4, pageSize: 2 })).toEqual({ ids: pick(4), totalElements: 5, totalPages: 3 });
    expect(await list({ first: 9 })).toEqual({ ids: [], totalElements: 5, totalPages: 1 });
  });

  it('sorts Descending', async () => {
    expect(await list({ sortOrder: 'Descending', pageSize: 2, sortField: 'createdDate' })).toEqual({
      ids: pick(4, 3),
      totalElements: 5,
      totalPages: 3,
    });
    expect(await list({ sortOrder: 'Descending', first: 2, pageSize: 2, directions: ['REQUEST'] })).toEqual({
      ids: pick(0),
      totalElements: 3,
      totalPages: 2,
    });
  });

  it('filters by ids, userId, statuses, directions and tags (any of)', async () => {
    expect((await list({ ids: [ids[3], ids[0]!.toUpperCase(), UNKNOWN_ID] })).ids).toEqual(pick(0, 3));
    expect((await list({ userId: server.store.workspace(workspace.workspaceId)!.ownerUserId })).totalElements).toBe(5);
    expect((await list({ userId: UNKNOWN_ID })).totalElements).toBe(0);
    expect((await list({ statuses: ['RECORDING', 'COMPLETED'] })).ids).toEqual(pick(1, 2));
    expect((await list({ statuses: ['NEW'] })).ids).toEqual(pick(0, 3, 4));
    expect((await list({ directions: ['RESPONSE'] })).ids).toEqual(pick(1, 3));
    expect((await list({ tags: ['alpha', 'gamma'] })).ids).toEqual(pick(0, 2, 4));
    expect((await list({ tags: ['gamma'], statuses: ['NEW'] })).ids).toEqual(pick(4));
    expect((await list({ tags: [], statuses: [] })).totalElements).toBe(5);
  });

  it('keeps createdDateFrom inclusive and adds one day to createdDateTo', async () => {
    expect((await list({ createdDateFrom: '2026-03-02' })).ids).toEqual(pick(1, 2, 3, 4));
    expect((await list({ createdDateFrom: '2026-03-02T00:00:01Z' })).ids).toEqual(pick(2, 3, 4));
    expect((await list({ createdDateTo: '2026-03-02' })).ids).toEqual(pick(0, 1, 2));
    expect((await list({ createdDateFrom: '2026-03-02T00:00:00Z', createdDateTo: '2026-03-03T00:00:00Z' })).ids).toEqual(pick(1, 2, 3));
    expect((await list({ createdDateFrom: '2026-03-01T11:00:00+01:00', createdDateTo: '2026-03-01' })).ids).toEqual(pick(0));
    expect((await list({ createdDateFrom: '2026-03-05', createdDateTo: '2026-03-01' })).totalElements).toBe(0);
  });

  it('shows complete recording objects', async () => {
    const answer = await workspace.rest('POST', '/recordings/list', { ids: [ids[2]] });
    expect((answer.json as PageJson).content[0]).toEqual(
      answeredRecording({
        id: ids[2],
        direction: 'REQUEST',
        status: 'COMPLETED',
        tags: ['alpha', 'gamma'],
        createdDate: '2026-03-02T23:59:59.000Z',
        userId: expect.any(String),
        url: `${server.publicUrl}/r/${ids[2]}`,
      }),
    );
  });

  it.each([
    ['pageSize 0', { pageSize: 0 }, 'pageSize'],
    ['pageSize 101', { pageSize: 101 }, 'pageSize'],
    ['a fractional first', { first: 1.5 }, 'first'],
    ['a negative first', { first: -1 }, 'first'],
    ['another sortField', { sortField: 'status' }, 'sortField'],
    ['a lower-case sortOrder', { sortOrder: 'descending' }, 'sortOrder'],
    ['an unknown status', { statuses: ['DONE'] }, 'statuses.0'],
    ['a non-UUID id', { ids: ['42'] }, 'ids.0'],
    ['a non-UUID userId', { userId: 'me' }, 'userId'],
    ['a malformed date', { createdDateFrom: 'yesterday' }, 'createdDateFrom'],
    ['tags of the wrong type', { tags: 'alpha' }, 'tags'],
    ['a body that is not an object', ['alpha'], ''],
  ])('answers 400 with errors[] for %s', async (_label, body, path) => {
    const answer = await workspace.rest('POST', '/recordings/list', body);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ message: 'Bad request', errors: [{ path, message: expect.any(String) }] });
  });

  it('takes pageSize 100', async () => {
    expect((await list({ pageSize: 100 })).totalPages).toBe(1);
  });
});

describe('GET /recordings/tags', () => {
  let workspace: Awaited<ReturnType<typeof apiWorkspace>>;
  beforeAll(async () => {
    workspace = await apiWorkspace('Tagger');
    for (const tags of [['Onboarding', 'sales'], ['onboarding-2', 'Sales'], ['support']]) {
      await workspace.rest('POST', '/recordings', { direction: 'REQUEST', tags });
    }
  });
  const search = async (query: string) => (await workspace.rest('GET', `/recordings/tags?query=${encodeURIComponent(query)}`)).json;

  it('answers unique tags containing the query, case-insensitive', async () => {
    expect(await search('BOARD')).toEqual({ result: ['Onboarding', 'onboarding-2'] });
    expect(await search('sal')).toEqual({ result: ['Sales', 'sales'] });
    expect(await search('zzz')).toEqual({ result: [] });
  });

  it('answers an empty result for a blank query', async () => {
    expect(await search('  ')).toEqual({ result: [] });
    expect(await search('')).toEqual({ result: [] });
  });

  it('answers 400 without a query parameter', async () => {
    const answer = await workspace.rest('GET', '/recordings/tags');
    expect(answer.json).toEqual({ message: 'Bad request', errors: [{ path: 'query', message: expect.any(String) }] });
  });

  it("never shows another workspace's tags", async () => {
    expect((await clients.rest('GET', '/recordings/tags?query=onboarding-')).json).toEqual({ result: [] });
  });

  it('answers a query with a control character (NUL included) as a plain search: no tag holds one, so nothing is found', async () => {
    for (const query of ['board\0', 'a\0b', '\0', 'Sal\u0001', 'support\u007f', 'on\u009fboarding'])
      expect([query, await search(query)]).toEqual([query, { result: [] }]);
    // A tab or a newline around the query is blank space, trimmed as ever.
    expect(await search('\tsupport\n')).toEqual({ result: ['support'] });
  });
});

describe('control characters in tags', () => {
  it.each([
    ['POST /recordings', 'POST', '/recordings', (tag: string) => ({ direction: 'REQUEST', tags: ['ok', tag] }), 'tags.1'],
    ['PUT /recordings/{id}', 'PUT', '/recordings/{id}', (tag: string) => ({ tags: [tag] }), 'tags.0'],
    ['the list filter', 'POST', '/recordings/list', (tag: string) => ({ tags: [tag] }), 'tags.0'],
  ])('%s: 400 naming the tag', async (_what, method, path, body, field) => {
    const { id } = (await clients.rest('POST', '/recordings', { direction: 'REQUEST' })).json as { id: string };
    for (const tag of ['a\0b', '\u0001', 'x\u001fy', 'del\u007f', 'c1\u0085', 'line\nbreak']) {
      const answer = await clients.rest(method, path.replace('{id}', id), body(tag));
      expect([tag, answer.status, answer.json]).toEqual([
        tag,
        400,
        { message: 'Bad request', errors: [{ path: field, message: 'must not contain control characters' }] },
      ]);
    }
  });

  it('the hook refuses them as any malformed RECORDING: 400 Bad request', async () => {
    const answer = await clients.hook('ZAPIER', server.demo.tokens.ZAPIER, {
      action: 'RECORDING',
      recording: { externalReference: 'ref-1', tags: ['a\0b'] },
    });
    expect([answer.status, answer.text]).toEqual([400, '{"message":"Bad request"}']);
  });

  it('other text fields keep them as given (JSON escapes them)', async () => {
    const answer = await clients.rest('POST', '/recordings', { direction: 'REQUEST', comment: 'a\0b\u0001', tags: ['fine tag'] });
    expect([answer.status, (answer.json as RecordingJson).comment]).toEqual([201, 'a\0b\u0001']);
  });
});

describe('presign, update and delete', () => {
  let workspace: Awaited<ReturnType<typeof apiWorkspace>>;
  let id: string;
  beforeEach(async () => {
    workspace ??= await apiWorkspace('Editor');
    id = (
      (await workspace.rest('POST', '/recordings', { direction: 'REQUEST', tags: ['old', 'keep'], comment: 'first' })).json as RecordingJson
    ).id;
  });

  it('presign answers 404 until there is a video, then a link that serves it', async () => {
    const before = await workspace.rest('GET', `/recordings/${id}/presign`);
    expect([before.status, before.text]).toEqual([404, NOT_FOUND]);
    await clients.admin('POST', `/recordings/${id}/status`, { status: 'COMPLETED' });
    const after = await workspace.rest('GET', `/recordings/${id}/presign`);
    const { url } = after.json as { url: string };
    expect(after.status).toBe(200);
    expect(url).toMatch(new RegExp(`^${server.publicUrl}/videos/${id}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    const video = await clients.request(url);
    expect([video.status, video.headers.get('content-type')]).toEqual([200, 'video/webm']);
  });

  it('PUT replaces tags and comment and answers 202 with the recording', async () => {
    const answer = await workspace.rest('PUT', `/recordings/${id}`, { tags: ['new'], comment: 'second' });
    expect(answer.status).toBe(202);
    expect(answer.json).toMatchObject({ id, tags: ['new'], comment: 'second', status: 'NEW' });
    expect((await workspace.rest('PUT', `/recordings/${id}`, { comment: 'third' })).json).toMatchObject({
      tags: ['new'],
      comment: 'third',
    });
    expect((await workspace.rest('GET', '/recordings/tags?query=new')).json).toEqual({ result: ['new'] });
  });

  it.each(TEXT_FIELD_NAMES)(
    '%s: create keeps it, PUT replaces it, the list shows it; made without it, a recording shows it unset',
    async (name) => {
      const { unset }: TextField = RECORDING_TEXT_FIELDS[name];
      const created = await workspace.rest('POST', '/recordings', { direction: 'REQUEST', [name]: 'Checkout fails' });
      const { id: given } = created.json as RecordingJson;
      const replaced = await workspace.rest('PUT', `/recordings/${given}`, { [name]: 'Checkout "fixed" ü' });
      const without = (await workspace.rest('POST', '/recordings', { direction: 'REQUEST' })).json as RecordingJson;
      const listed = (await workspace.rest('POST', '/recordings/list', { ids: [given, without.id] })).json as PageJson;
      expect([created.status, (created.json as RecordingJson)[name]]).toEqual([201, 'Checkout fails']);
      expect([replaced.status, (replaced.json as RecordingJson)[name]]).toEqual([202, 'Checkout "fixed" ü']);
      expect(listed.content).toEqual([replaced.json, without]);
      // Unset, a field answered always shows its `unset` value; any other is left out.
      expect([Object.hasOwn(without, name), without[name]]).toEqual([unset !== undefined, unset]);
    },
  );

  it.each(MARK_NAMES)('the mark %s: absent until set, then in the recording and the list', async (name) => {
    const value: MarkValues[keyof MarkValues] = MARK_EXAMPLES[RECORDING_MARKS[name]];
    const before = (await workspace.rest('POST', '/recordings/list', { ids: [id] })).json as PageJson;
    server.store.markRecording(server.store.recording(id)!, name, value);
    const after = (await workspace.rest('POST', '/recordings/list', { ids: [id] })).json as PageJson;
    const updated = await workspace.rest('PUT', `/recordings/${id}`, { tags: ['marked'] });
    expect(Object.keys(before.content[0]!)).not.toContain(name);
    expect(after.content).toEqual([{ ...before.content[0], [name]: value }]);
    expect(updated.json).toEqual({ ...before.content[0], tags: ['marked'], [name]: value });
  });

  it('DELETE answers 204 with an empty body, and the recording is gone for good', async () => {
    const answer = await workspace.rest('DELETE', `/recordings/${id}`);
    expect([answer.status, answer.text]).toEqual([204, '']);
    expect((await workspace.rest('DELETE', `/recordings/${id}`)).status).toBe(404);
    expect((await workspace.rest('PUT', `/recordings/${id}`, { comment: 'x' })).text).toBe(NOT_FOUND);
    expect(((await workspace.rest('POST', '/recordings/list', { ids: [id] })).json as PageJson).totalElements).toBe(0);
  });

  it("answers 404 for an unknown recording and for another workspace's", async () => {
    const foreign = (await clients.rest('POST', '/recordings', { direction: 'REQUEST' })).json as RecordingJson;
    for (const target of [UNKNOWN_ID, foreign.id]) {
      const answers = [
        await workspace.rest('GET', `/recordings/${target}/presign`),
        await workspace.rest('PUT', `/recordings/${target}`, { comment: 'x' }),
        await workspace.rest('DELETE', `/recordings/${target}`),
      ];
      expect(answers.map((answer) => [answer.status, answer.text])).toEqual([
        [404, NOT_FOUND],
        [404, NOT_FOUND],
        [404, NOT_FOUND],
      ]);
    }
  });

  it('answers 400 for a malformed recording id or body', async () => {
    const malformed = await workspace.rest('DELETE', '/recordings/42');
    const badBody = await workspace.rest('PUT', `/recordings/${id}`, { tags: 'x', status: 'COMPLETED' });
    expect(malformed.json).toEqual({ message: 'Bad request', errors: [{ path: 'recordingId', message: expect.any(String) }] });
    expect(badBody.status).toBe(400);
    expect((badBody.json as { errors: Array<{ path: string }> }).errors.map((error) => error.path).sort()).toEqual(['', 'tags']);
  });
});

describe('ids in upper case', () => {
  it('find the recording in the path, in the ids and userId filters, and in the workspace path', async () => {
    const workspace = await apiWorkspace('Upper');
    const { id, userId } = (await workspace.rest('POST', '/recordings', { direction: 'REQUEST', tags: ['upper'] }))
      .json as RecordingJson & { userId: string };
    const upper = id.toUpperCase();
    const updated = await workspace.rest('PUT', `/recordings/${upper}`, { comment: 'found' });
    const listed = (await workspace.rest('POST', '/recordings/list', { ids: [upper], userId: userId.toUpperCase() })).json as PageJson;
    const viaUpperWorkspace = await clients.rest(
      'POST',
      '/recordings/list',
      { ids: [id] },
      workspace.apiKey,
      workspace.workspaceId.toUpperCase(),
    );
    expect([updated.status, (updated.json as RecordingJson).id, (updated.json as RecordingJson).comment]).toEqual([202, id, 'found']);
    expect(listed.content.map((recording) => recording.id)).toEqual([id]);
    expect((viaUpperWorkspace.json as PageJson).totalElements).toBe(1);
    expect((await workspace.rest('DELETE', `/recordings/${upper}`)).status).toBe(204);
    expect((await workspace.rest('POST', '/recordings/list', { ids: [id] })).json).toMatchObject({ totalElements: 0 });
  });
});

describe("core's RestClient against the server", () => {
  it('creates, finds, updates, presigns and deletes', async () => {
    const workspace = await apiWorkspace('Client');
    const client = new RestClient({
      baseUrl: server.publicUrl,
      workspaceId: workspace.workspaceId,
      apiKey: workspace.apiKey,
      transport: injectTransport(server),
    });
    const created = await client.requestRecording({ direction: 'REQUEST', tags: ['c'] });
    for (let index = 0; index < 150; index++) server.store.addRecording({ workspaceId: workspace.workspaceId, direction: 'RESPONSE' });
    expect((await client.collectRecordings({ directions: ['RESPONSE'] })).length).toBe(150);
    await expect(client.updateRecording(created.id, { comment: 'ok' })).resolves.toMatchObject({ comment: 'ok' });
    await expect(client.getVideoUrl(created.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(client.searchTags('C')).resolves.toEqual(['c']);
    await client.deleteRecording(created.id);
    await expect(client.deleteRecording(created.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
