import { exampleRecording, unexpectedAnswerMessage } from 'screenrec';
import { RECORDING_ID, failureOf, invalidInputOf, restClient, sleeps } from './fixtures';
import { restPath, restScope, setUpNock } from './nock-setup';

setUpNock();

const recording = exampleRecording({ id: RECORDING_ID, status: 'NEW' });

const pageOf = (ids: number[], totalElements: number, totalPages: number) => ({
  content: ids.map((n) => ({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, status: 'COMPLETED', tags: [], comment: '' })),
  totalElements,
  totalPages,
});

describe('REST client requests', () => {
  it('createRecording posts the body with the Bearer key and returns the recording', async () => {
    const input = {
      direction: 'REQUEST' as const,
      email: 'ana@example.com',
      tags: ['onboarding'],
      notifications: [{ type: 'EMAIL' as const, value: 'lead@example.com' }],
      comment: 'VIP customer',
    };
    restScope().matchHeader('content-type', 'application/json').post(restPath('/recordings'), input).reply(201, recording);
    await expect(restClient().requestRecording(input)).resolves.toEqual(recording);
  });

  it('listRecordings posts every filter and returns the page, keeping unknown fields', async () => {
    const filter = {
      ids: [RECORDING_ID],
      userId: '11111111-2222-4333-8444-555555555555',
      statuses: ['COMPLETED' as const],
      directions: ['RESPONSE' as const],
      tags: ['a', 'b'],
      createdDateFrom: '2026-11-01',
      createdDateTo: '2026-11-21T10:00:00Z',
      first: 20,
      pageSize: 100,
      sortField: 'createdDate' as const,
      sortOrder: 'Descending' as const,
    };
    const page = { content: [{ ...recording, score: 3 }], totalElements: 21, totalPages: 1 };
    restScope().post(restPath('/recordings/list'), filter).reply(200, page);
    await expect(restClient().listRecordings(filter)).resolves.toEqual(page);
  });

  it('listRecordings fills tags when a list item omits them', async () => {
    restScope()
      .post(restPath('/recordings/list'), {})
      .reply(200, { content: [{ id: RECORDING_ID, status: 'NEW' }], totalElements: 1, totalPages: 1 });
    const page = await restClient().listRecordings();
    expect(page.content).toEqual([{ id: RECORDING_ID, status: 'NEW', tags: [] }]);
  });

  it('getVideoUrl GETs presign and returns the url', async () => {
    restScope()
      .get(restPath(`/recordings/${RECORDING_ID}/presign`))
      .reply(200, { url: 'https://cdn.screenrec.test/v/1?sig=abc' });
    await expect(restClient().getVideoUrl(RECORDING_ID)).resolves.toBe('https://cdn.screenrec.test/v/1?sig=abc');
  });

  it('updateRecording PUTs tags and comment and accepts 202', async () => {
    restScope()
      .put(restPath(`/recordings/${RECORDING_ID}`), { tags: ['done'], comment: 'checked' })
      .reply(202, { ...recording, tags: ['done'], comment: 'checked' });
    await expect(restClient().updateRecording(RECORDING_ID, { tags: ['done'], comment: 'checked' })).resolves.toMatchObject({
      tags: ['done'],
      comment: 'checked',
    });
  });

  it('searchTags GETs with the query encoded', async () => {
    restScope()
      .get(restPath('/recordings/tags'))
      .query({ query: 'on board&x' })
      .reply(200, { result: ['Onboarding'] });
    await expect(restClient().searchTags('on board&x')).resolves.toEqual(['Onboarding']);
  });

  it('searchTags with a blank query answers [] without a request', async () => {
    await expect(restClient().searchTags('   ')).resolves.toEqual([]);
  });

  it('deleteRecording reads the recording, sends DELETE (204) and returns the recording as it was', async () => {
    restScope()
      .post(restPath('/recordings/list'), { ids: [RECORDING_ID], pageSize: 1 })
      .reply(200, { content: [recording], totalElements: 1, totalPages: 1 });
    restScope()
      .delete(restPath(`/recordings/${RECORDING_ID}`))
      .reply(204);
    await expect(restClient().deleteRecording(RECORDING_ID.toUpperCase())).resolves.toEqual(recording);
  });
});

describe('REST paging', () => {
  it('iterates every page at the largest page size and stops on a short page', async () => {
    const full = Array.from({ length: 100 }, (_, i) => i);
    restScope()
      .post(restPath('/recordings/list'), { statuses: ['COMPLETED'], first: 0, pageSize: 100 })
      .reply(200, pageOf(full, 150, 2));
    restScope()
      .post(restPath('/recordings/list'), { statuses: ['COMPLETED'], first: 100, pageSize: 100 })
      .reply(
        200,
        pageOf(
          full.slice(0, 50).map((n) => n + 100),
          150,
          2,
        ),
      );
    const all = await restClient().collectRecordings({ statuses: ['COMPLETED'] });
    expect(all).toHaveLength(150);
    expect(all[149]?.id).toBe('00000000-0000-4000-8000-000000000149');
  });

  it('stops at totalPages even when the last page is full', async () => {
    const full = Array.from({ length: 100 }, (_, i) => i);
    restScope()
      .post(restPath('/recordings/list'), { first: 0, pageSize: 100 })
      .reply(200, pageOf(full, 100, 1));
    expect(await restClient().collectRecordings()).toHaveLength(100);
  });

  it('asks for no more than the limit', async () => {
    restScope()
      .post(restPath('/recordings/list'), { sortOrder: 'Descending', first: 0, pageSize: 3 })
      .reply(200, pageOf([1, 2, 3], 40, 14));
    expect((await restClient().collectRecordings({ sortOrder: 'Descending' }, { limit: 3 })).map((r) => r.id.slice(-1))).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('filters by externalReference across pages', async () => {
    const page1 = pageOf(
      Array.from({ length: 100 }, (_, i) => i),
      101,
      2,
    );
    const page2 = pageOf([100], 101, 2);
    page1.content[7] = { ...page1.content[7]!, externalReference: 'T-9' } as (typeof page1.content)[number];
    page2.content[0] = { ...page2.content[0]!, externalReference: 'T-9' } as (typeof page2.content)[number];
    restScope().post(restPath('/recordings/list'), { first: 0, pageSize: 100 }).reply(200, page1);
    restScope().post(restPath('/recordings/list'), { first: 100, pageSize: 100 }).reply(200, page2);
    const found = await restClient().collectRecordings({}, { externalReference: 'T-9' });
    expect(found.map((r) => r.id.slice(-3))).toEqual(['007', '100']);
  });
});

describe('REST input validation sends nothing', () => {
  it.each([
    [
      'a non-UUID recording id',
      () => restClient().getVideoUrl('42'),
      'recordingId',
      'must be a UUID such as 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c',
    ],
    [
      'a bad e-mail',
      () => restClient().requestRecording({ direction: 'REQUEST', email: 'ana@' }),
      'email',
      'must be an e-mail address such as ana@example.com',
    ],
    [
      'a bad notification e-mail',
      () => restClient().requestRecording({ direction: 'REQUEST', notifications: [{ type: 'EMAIL', value: 'x' }] }),
      'notifications.0.value',
      'must be an e-mail address such as ana@example.com',
    ],
    [
      'an unknown direction',
      () => restClient().requestRecording({ direction: 'SIDEWAYS' as 'REQUEST' }),
      'direction',
      'Invalid option: expected one of "REQUEST"|"RESPONSE"',
    ],
    [
      'an unknown status',
      () => restClient().listRecordings({ statuses: ['DONE' as 'NEW'] }),
      'statuses.0',
      'Invalid option: expected one of "NEW"|"RECORDING"|"REVIEWING"|"PROCESSING"|"COMPLETED"',
    ],
    ['a page size over 100', () => restClient().listRecordings({ pageSize: 101 }), 'pageSize', 'Too big: expected number to be <=100'],
    [
      'a date that is not ISO 8601',
      () => restClient().listRecordings({ createdDateFrom: '21/11/2026' }),
      'createdDateFrom',
      'must be an ISO 8601 date or date-time such as 2026-11-21 or 2026-11-21T09:30:00Z',
    ],
    [
      'an unknown update field',
      () => restClient().updateRecording('0b7c2d1e-3f4a-4b5c-9d6e-7f8a9b0c1d2e', { colour: 'x' } as object),
      '',
      'unknown field(s) colour',
    ],
  ])('%s fails with INVALID_INPUT naming the field', async (_name, call, path, message) => {
    await invalidInputOf(call(), path, message);
  });

  it('rejects a non-UUID workspace id at construction', () => {
    expect(() => restClient({ workspaceId: 'acme' })).toThrow('Invalid input: `workspaceId`: must be a UUID');
  });
});

describe('REST answers beyond the failure table (failure-table.test.ts)', () => {
  it('400 keeps the field errors', async () => {
    restScope()
      .post(restPath('/recordings'))
      .reply(400, { message: 'Bad request', errors: [{ path: 'email', message: 'Invalid email' }] });
    expect(await failureOf(restClient().requestRecording({ direction: 'REQUEST' }))).toMatchObject({
      fieldErrors: [{ path: 'email', message: 'Invalid email' }],
    });
  });

  it('429 is retried on idempotent calls, then RATE_LIMITED', async () => {
    restScope()
      .get(restPath(`/recordings/${RECORDING_ID}/presign`))
      .times(4)
      .reply(429, {}, { 'retry-after': '1' });
    expect(await failureOf(restClient().getVideoUrl(RECORDING_ID))).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryable: true });
    expect(sleeps).toEqual([1000, 1000, 1000]);
  });

  it('5xx on list is retried, then succeeds', async () => {
    restScope().post(restPath('/recordings/list')).reply(502, '<html>Bad gateway</html>');
    restScope()
      .post(restPath('/recordings/list'))
      .reply(200, pageOf([], 0, 0));
    await expect(restClient().listRecordings()).resolves.toEqual({ content: [], totalElements: 0, totalPages: 0 });
    expect(sleeps).toHaveLength(1);
  });

  it('create is sent once, even after a 500', async () => {
    restScope().post(restPath('/recordings')).once().reply(500, {});
    expect(await failureOf(restClient().requestRecording({ direction: 'RESPONSE' }))).toMatchObject({ code: 'SERVICE_ERROR', status: 500 });
    expect(sleeps).toEqual([]);
  });

  it('a create answer without an id is UNEXPECTED_RESPONSE', async () => {
    restScope().post(restPath('/recordings')).reply(201, { status: 'NEW' });
    expect(await failureOf(restClient().requestRecording({ direction: 'RESPONSE' }))).toMatchObject({
      code: 'UNEXPECTED_RESPONSE',
      message: unexpectedAnswerMessage(201, '`id`: must be a UUID such as 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c'),
    });
  });
});
