import {
  CREATED_NOT_LISTED_YET,
  NEWEST_FIRST,
  NOT_FOUND_RECORDING,
  UNAUTHORIZED_MESSAGE,
  createdIdLookupFailedMessage,
  createdRecordingDetails,
  referenceSearchSummary,
  type Recording,
} from 'screenrec';
import { RECORDING_ID, expectNoSecretsInThrownErrors, failureOf, restClient } from './fixtures';
import { FakeClock, clockSleep, page, range, recordingId, scriptedTransport, sentBodies } from './scripted';

afterAll(expectNoSecretsInThrownErrors);
afterEach(() => jest.restoreAllMocks());

const STEP_MS = 25_000;

function setUp(answers: Parameters<typeof scriptedTransport>[1], extra: Parameters<typeof restClient>[0] = {}) {
  const clock = new FakeClock();
  const transport = scriptedTransport(clock, answers);
  const client = restClient({ transport, sleep: clockSleep(clock), now: clock.now, ...extra });
  return { clock, transport, client };
}

describe('getRecording', () => {
  it('asks for one id and returns that recording', async () => {
    const { client, transport } = setUp([{ body: { content: [{ id: RECORDING_ID, status: 'NEW' }], totalElements: 1, totalPages: 1 } }]);
    await expect(client.getRecording(RECORDING_ID.toUpperCase())).resolves.toEqual({ id: RECORDING_ID, status: 'NEW', tags: [] });
    expect(sentBodies(transport)).toEqual([{ ids: [RECORDING_ID], pageSize: 1 }]);
    expect(transport.requests[0]?.url).toMatch(/\/recordings\/list$/);
  });

  it('is NOT_FOUND with the recording message when the list is empty, or holds another id', async () => {
    for (const content of [[], [{ id: recordingId(5), status: 'NEW' }]]) {
      const { client } = setUp([{ body: { content, totalElements: content.length, totalPages: 1 } }]);
      expect(await failureOf(client.getRecording(RECORDING_ID))).toMatchObject({ code: 'NOT_FOUND', message: NOT_FOUND_RECORDING });
    }
  });
});

describe('values newer than the service API', () => {
  it('passes an unknown status or direction through instead of failing the list', async () => {
    const { client } = setUp([
      { body: { content: [{ id: RECORDING_ID, status: 'ARCHIVED', direction: 'SIDEWAYS' }], totalElements: 1, totalPages: 1 } },
    ]);
    expect((await client.listRecordings()).content).toEqual([{ id: RECORDING_ID, status: 'ARCHIVED', direction: 'SIDEWAYS', tags: [] }]);
  });

  it('still refuses a recording without a status', async () => {
    const { client } = setUp([{ body: { content: [{ id: RECORDING_ID, status: '' }], totalElements: 1, totalPages: 1 } }]);
    expect((await failureOf(client.listRecordings())).code).toBe('UNEXPECTED_RESPONSE');
  });

  it('keeps the known values for filters sent', async () => {
    const { client, transport } = setUp([]);
    expect((await failureOf(client.listRecordings({ statuses: ['ARCHIVED' as 'NEW'] }))).code).toBe('INVALID_INPUT');
    expect(transport.requests).toEqual([]);
  });
});

describe('paging stops when the service misleads', () => {
  it('stops when a page adds nothing new (a service that answers the same page forever)', async () => {
    const { client, transport } = setUp([{ body: page(range(0, 100), 1_000_000, 10_000) }]);
    const all = await client.collectRecordings();
    expect(all).toHaveLength(100);
    expect(transport.requests).toHaveLength(2);
  });

  it('stops at the smallest totals seen, even when later pages claim more', async () => {
    const { client, transport } = setUp([
      { body: page(range(0, 100), 200, 2) },
      { body: page(range(100, 100), 50_000, 500) },
      { body: page(range(200, 100), 50_000, 500) },
    ]);
    expect(await client.collectRecordings()).toHaveLength(200);
    expect(transport.requests).toHaveLength(2);
  });

  it('stops once the offset reaches totalElements, whatever totalPages says', async () => {
    const { client, transport } = setUp([{ body: page(range(0, 100), 100, 9_999) }, { body: page(range(100, 100), 100, 9_999) }]);
    expect(await client.collectRecordings()).toHaveLength(100);
    expect(transport.requests).toHaveLength(1);
  });

  it('yields a recording seen twice (the list shifted while paging) once', async () => {
    const { client } = setUp([{ body: page(range(0, 100), 150, 2) }, { body: page(range(95, 55), 150, 2) }]);
    const ids = (await client.collectRecordings()).map((recording) => recording.id);
    expect(ids).toHaveLength(150);
    expect(new Set(ids).size).toBe(150);
  });

  it('yields a recording listed twice within one page once, in its first place', async () => {
    const { client } = setUp([{ body: page([...range(0, 3), ...range(1, 1)], 4, 1) }]);
    expect((await client.collectRecordings()).map((recording) => recording.id)).toEqual(range(0, 3).map(recordingId));
  });
});

describe('findRecordingByReference', () => {
  const withReference = (at: number, reference: string) => (n: number) =>
    n === at ? { externalReference: reference } : { externalReference: `other-${n}` };

  it('searches newest first from createdAfter, stops at the first match and says where it looked', async () => {
    const { client, transport } = setUp([
      { body: page(range(0, 100), 3_005, 31, withReference(-1, 'T-42')) },
      { body: page(range(100, 100), 3_005, 31, withReference(137, 'T-42')) },
    ]);
    const found = await client.findRecordingByReference('T-42', { createdAfter: '2026-08-25' });
    expect(sentBodies(transport)).toEqual([
      { ...NEWEST_FIRST, createdDateFrom: '2026-08-25', first: 0, pageSize: 100 },
      { ...NEWEST_FIRST, createdDateFrom: '2026-08-25', first: 100, pageSize: 100 },
    ]);
    expect(found).toMatchObject({ recording: { id: recordingId(137), externalReference: 'T-42' }, complete: true, scanned: 138 });
    expect(found.summary).toBe(
      'Found the recording with external reference "T-42" among the 138 recordings looked at, newest first, created since 2026-08-25.',
    );
  });

  it('sends the other criteria as list filters and matches the reference among what comes back: the newest that meets them all', async () => {
    // ScreenRec answers only completed recordings: the newer T-42 that is still NEW never comes back.
    const { client, transport } = setUp([
      { body: page([3, 7], 2, 1, (n) => ({ externalReference: n === 7 ? 'T-42' : 'other', status: 'COMPLETED' })) },
    ]);
    const filter = { statuses: ['COMPLETED' as const], directions: ['REQUEST' as const], tags: ['vip'], createdDateTo: '2026-11-30' };
    const found = await client.findRecordingByReference('T-42', { createdAfter: '2026-08-25', filter });
    expect(sentBodies(transport)).toEqual([{ ...filter, ...NEWEST_FIRST, createdDateFrom: '2026-08-25', first: 0, pageSize: 100 }]);
    expect(found).toMatchObject({ recording: { id: recordingId(7) }, complete: true, scanned: 2 });
    expect(found.summary).toBe(
      'Found the recording with external reference "T-42" among the 2 recordings looked at, newest first, created since 2026-08-25 that meet the other criteria.',
    );
  });

  it('keeps its own window and order over any the criteria carry', async () => {
    const { client, transport } = setUp([{ body: page([], 0, 0) }]);
    const smuggled = { statuses: ['NEW' as const], createdDateFrom: '2000-01-01', sortOrder: 'Ascending' as const };
    const found = await client.findRecordingByReference('T-1', { createdAfter: '2026-08-25', filter: smuggled });
    expect(sentBodies(transport)).toEqual([{ statuses: ['NEW'], ...NEWEST_FIRST, createdDateFrom: '2026-08-25', first: 0, pageSize: 100 }]);
    expect(found.summary).toBe(
      'Searched all 0 recordings created since 2026-08-25 that meet the other criteria without finding the external reference "T-1".',
    );
  });

  it('reports a complete search that found nothing, with no date window', async () => {
    const { client, transport } = setUp([{ body: page(range(0, 100), 105, 2) }, { body: page(range(100, 5), 105, 2) }]);
    const found = await client.findRecordingByReference('T-1');
    expect(sentBodies(transport)[0]).toEqual({ ...NEWEST_FIRST, first: 0, pageSize: 100 });
    expect(found).toEqual({
      recording: null,
      complete: true,
      scanned: 105,
      summary: 'Searched all 105 recordings in the workspace without finding the external reference "T-1".',
    });
  });

  it('stops before the deadline when the next page would not fit, and says so instead of failing', async () => {
    const pages = range(0, 30).map((n) => ({ body: page(range(n * 100, 100), 3_000, 30), takesMs: 4_000 }));
    const { client, clock, transport } = setUp(pages);
    const started = clock.time;
    const found = await client.findRecordingByReference('T-404', { createdAfter: '2026-08-25', deadline: started + STEP_MS });
    // After 5 pages (20 s) 5 s are left, less than two of the 4 s pages: no sixth request.
    expect(transport.requests).toHaveLength(5);
    expect(clock.time - started).toBeLessThan(STEP_MS);
    expect(found).toMatchObject({ recording: null, complete: false, scanned: 500 });
    expect(found.summary).toBe(
      referenceSearchSummary({
        externalReference: 'T-404',
        createdAfter: '2026-08-25',
        scanned: 500,
        found: false,
        complete: false,
        elapsedMs: 20_000,
      }),
    );
    expect(found.summary).toBe(
      'Searched 500 recordings created since 2026-08-25 in 20 s without finding the external reference "T-404"; the search stopped at the time limit: narrow the window (a later created-after date).',
    );
  });

  it('reports instead of throwing when a retry wait would pass the deadline', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(1);
    const { client, transport } = setUp(
      [
        { body: page(range(0, 100), 1_000, 10), takesMs: 1_000 },
        { status: 503, takesMs: 1_000 },
      ],
      { retryBaseDelayMs: 8_000 },
    );
    const found = await client.findRecordingByReference('T-9', { deadline: new FakeClock().time + 5_000 });
    expect(found).toMatchObject({ recording: null, complete: false, scanned: 100 });
    expect(transport.requests).toHaveLength(2);
  });

  it('reports a search cut before its first page', async () => {
    const { client, clock } = setUp([{ body: page([], 0, 0) }]);
    const found = await client.findRecordingByReference('T-9', { deadline: clock.time });
    expect(found).toMatchObject({ recording: null, complete: false, scanned: 0 });
  });

  it('throws what is not about time: a rejected key, a cancelled run', async () => {
    expect((await failureOf(setUp([{ status: 401 }]).client.findRecordingByReference('T-1'))).code).toBe('UNAUTHORIZED');
    expect(
      (await failureOf(setUp([{ body: page([], 0, 0) }]).client.findRecordingByReference('T-1', { signal: AbortSignal.abort() }))).code,
    ).toBe('CANCELLED');
  });

  it('names the fields a user fills when they are wrong, and sends nothing', async () => {
    const { client, transport } = setUp([]);
    expect((await failureOf(client.findRecordingByReference('  '))).fieldErrors).toEqual([
      { path: 'externalReference', message: 'must not be empty' },
    ]);
    expect((await failureOf(client.findRecordingByReference('T-1', { createdAfter: 'last week' }))).fieldErrors?.[0]?.path).toBe(
      'createdAfter',
    );
    expect(transport.requests).toEqual([]);
  });
});

describe('findCreatedRecording', () => {
  const PAGE_URL = 'https://app.screenrec.test/r/abc';
  const newest = (recordings: Array<Partial<Recording>>) => ({
    body: {
      content: recordings.map((r, i) => ({ id: recordingId(i), status: 'NEW', ...r })),
      totalElements: recordings.length,
      totalPages: 1,
    },
  });

  it('makes one list call, newest first, and matches the page URL', async () => {
    const { client, transport } = setUp([newest([{ externalReference: 'T-1' }, { url: PAGE_URL, externalReference: 'T-1' }])]);
    await expect(client.findCreatedRecording(PAGE_URL, 'T-1')).resolves.toMatchObject({ id: recordingId(1) });
    expect(sentBodies(transport)).toEqual([{ ...NEWEST_FIRST, first: 0, pageSize: 100 }]);
  });

  it('falls back to the newest recording with the external reference', async () => {
    const { client } = setUp([newest([{ externalReference: 'T-2' }, { externalReference: 'T-1' }, { externalReference: 'T-1' }])]);
    await expect(client.findCreatedRecording(PAGE_URL, 'T-1')).resolves.toMatchObject({ id: recordingId(1) });
  });

  it('is null when neither is among the newest', async () => {
    const { client, transport } = setUp([newest([{ externalReference: 'T-2', url: 'https://app.screenrec.test/r/other' }])]);
    await expect(client.findCreatedRecording(PAGE_URL, 'T-1')).resolves.toBeNull();
    expect(transport.requests).toHaveLength(1);
  });
});

// Every platform outputs these beside the link of Create Recording Link, in the names they all share.
describe('createdRecordingDetails', () => {
  const PAGE_URL = `https://app.screenrec.test/r/${RECORDING_ID}`;

  it("gives the new recording's ID as recordingId, its status, and no detailsError", async () => {
    const rest = setUp([
      { body: { content: [{ id: RECORDING_ID, status: 'NEW', url: PAGE_URL }], totalElements: 1, totalPages: 1 } },
    ]).client;
    await expect(createdRecordingDetails(rest, PAGE_URL, 'T-1')).resolves.toEqual({
      recordingId: RECORDING_ID,
      status: 'NEW',
      detailsError: null,
    });
  });

  it('is all null without REST credentials: nothing was asked, so nothing is missing', async () => {
    await expect(createdRecordingDetails(undefined, PAGE_URL, 'T-1')).resolves.toEqual({
      recordingId: null,
      status: null,
      detailsError: null,
    });
  });

  it('says why the ID is missing when the recording is not listed yet, or the lookup fails, and never throws', async () => {
    await expect(
      createdRecordingDetails(setUp([{ body: { content: [], totalElements: 0, totalPages: 0 } }]).client, PAGE_URL, 'T-1'),
    ).resolves.toEqual({
      recordingId: null,
      status: null,
      detailsError: CREATED_NOT_LISTED_YET,
    });
    await expect(createdRecordingDetails(setUp([{ status: 401 }]).client, PAGE_URL, 'T-1')).resolves.toEqual({
      recordingId: null,
      status: null,
      detailsError: createdIdLookupFailedMessage(UNAUTHORIZED_MESSAGE),
    });
  });
});
