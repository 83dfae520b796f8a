import { invalidInputMessage } from 'screenrec';
import { perform as findRecording } from '../src/searches/find-recording';
import { OTHER_RECORDING_ID, RECORDING_ID, REST_PATH, appError, performOf, restApi, runWithRest, useNock, zapierFailure } from './harness';
import { newestPage, page, presignCall, presignsLink, recordingsList, serviceRecording, videoUrl } from './recordings-api';

const findTags = performOf('searches', 'searchTags');
const getVideoUrl = performOf('searches', 'getVideoUrl');

useNock();

const DAY_MS = 24 * 60 * 60 * 1000;

/** A nock body matcher for one list page that also checks the created-after window. */
function listPage(first: number, windowStart: (createdDateFrom: string) => boolean) {
  return (body: Record<string, unknown>) =>
    typeof body.createdDateFrom === 'string' &&
    windowStart(body.createdDateFrom) &&
    sameFields({ ...body, createdDateFrom: undefined }, newestPage(first));
}

function sameFields(actual: Record<string, unknown>, expected: Record<string, unknown>): boolean {
  const entries = (value: Record<string, unknown>) =>
    JSON.stringify(
      Object.entries(value)
        .filter(([, field]) => field !== undefined)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  return entries(actual) === entries(expected);
}

const ninetyDaysAgo = (createdDateFrom: string) => Math.abs(Date.parse(createdDateFrom) - (Date.now() - 90 * DAY_MS)) < 60_000;

describe('Find Recording', () => {
  it("sends every criterion, newest first, dates read in the Zap's time zone, and returns the matches", async () => {
    recordingsList({
      ids: [RECORDING_ID],
      directions: ['REQUEST'],
      statuses: ['COMPLETED'],
      tags: ['support'],
      createdDateFrom: '2026-11-01T00:00:00-04:00',
      createdDateTo: '2026-11-30T00:00:00-05:00',
      ...newestPage(0, 10),
    }).reply(200, page([serviceRecording()]));

    const results = await runWithRest(findRecording, {
      inputData: {
        recordingId: RECORDING_ID,
        direction: 'REQUEST',
        statuses: ['COMPLETED'],
        tags: ['support'],
        createdFrom: '2026-11-01',
        createdTo: '2026-11-30',
      },
      meta: { timezone: 'America/New_York' },
    });

    expect(results).toEqual([serviceRecording()]);
  });

  it('reads dates as UTC when Zapier gives no time zone, and keeps a date that has its own offset', async () => {
    recordingsList({
      createdDateFrom: '2026-11-01T00:00:00+00:00',
      createdDateTo: '2026-11-30T08:00:00+01:00',
      ...newestPage(0, 10),
    }).reply(200, page([]));

    await expect(
      runWithRest(findRecording, { inputData: { createdFrom: '2026-11-01', createdTo: '2026-11-30T08:00:00+01:00' } }),
    ).resolves.toEqual([]);
  });

  it.each([
    ['in a live Zap', {}],
    ['while Zapier loads a sample in the editor', { isLoadingSample: true }],
  ])('by external reference %s: newest first within the last 90 days, and stops at the first match', async (_when, meta) => {
    const other = (n: number) =>
      serviceRecording({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, externalReference: `ticket-${n}` });
    recordingsList(listPage(0, ninetyDaysAgo)).reply(
      200,
      page(
        Array.from({ length: 100 }, (_, n) => other(n)),
        300,
      ),
    );
    recordingsList(listPage(100, ninetyDaysAgo)).reply(
      200,
      page(
        [
          other(100),
          serviceRecording({ id: OTHER_RECORDING_ID }),
          serviceRecording(),
          ...Array.from({ length: 97 }, (_, n) => other(200 + n)),
        ],
        300,
      ),
    );

    const results = await runWithRest(findRecording, { inputData: { externalReference: ' ticket-4711 ' }, meta });

    expect(results).toEqual([serviceRecording({ id: OTHER_RECORDING_ID })]);
  });

  it('by external reference: Created From replaces the 90-day window', async () => {
    recordingsList(listPage(0, (from) => from === '2026-01-01T00:00:00+01:00')).reply(200, page([serviceRecording()]));

    await expect(
      runWithRest(findRecording, {
        inputData: { externalReference: 'ticket-4711', createdFrom: '2026-01-01' },
        meta: { timezone: 'Europe/Berlin' },
      }),
    ).resolves.toEqual([serviceRecording()]);
  });

  describe('by external reference and other criteria: one answer, in the editor and in a live Zap', () => {
    const newerStillNew = serviceRecording({ id: OTHER_RECORDING_ID, status: 'NEW', createdDate: '2026-11-22T09:30:00.000Z' });
    const olderCompleted = serviceRecording();

    /** ScreenRec as the service API has it: the list call keeps the states asked for, newest first; the bodies it got are kept. */
    function serviceThatFiltersStates(): Array<Record<string, unknown>> {
      const received: Array<Record<string, unknown>> = [];
      recordingsList()
        .times(2)
        .reply(200, (_uri, body) => {
          const sent = body as Record<string, unknown> & { statuses?: string[] };
          received.push(sent);
          return page(
            [newerStillNew, olderCompleted].filter(
              (recording) => sent.statuses === undefined || sent.statuses.includes(String(recording.status)),
            ),
          );
        });
      return received;
    }

    it('"ticket-4711" in state Completed is the older completed recording, though a newer ticket-4711 is still New', async () => {
      const received = serviceThatFiltersStates();
      const inputData = { externalReference: 'ticket-4711', statuses: ['COMPLETED'] };

      const inEditor = await runWithRest(findRecording, { inputData, meta: { isLoadingSample: true } });
      const live = await runWithRest(findRecording, { inputData });

      expect({ inEditor, live }).toEqual({ inEditor: [olderCompleted], live: [olderCompleted] });
      const asked = { statuses: ['COMPLETED'], ...newestPage(), createdDateFrom: expect.any(String) };
      expect(received).toEqual([asked, asked]);
    });

    it("sends every criterion with the window, dates read in the Zap's time zone, and names the search's own fields as the user sees them", async () => {
      recordingsList({
        directions: ['REQUEST'],
        statuses: ['COMPLETED'],
        tags: ['support'],
        createdDateFrom: '2026-11-01T00:00:00+01:00',
        createdDateTo: '2026-11-30T00:00:00+01:00',
        ...newestPage(),
      }).reply(200, page([]));
      const inputData = {
        externalReference: 'ticket-4711',
        direction: 'REQUEST',
        statuses: ['COMPLETED'],
        tags: ['support'],
        createdFrom: '2026-11-01',
        createdTo: '2026-11-30',
      };

      await expect(runWithRest(findRecording, { inputData, meta: { timezone: 'Europe/Berlin' } })).resolves.toEqual([]);
      await expect(
        zapierFailure(runWithRest(findRecording, { inputData: { externalReference: 'ticket-4711', createdFrom: 'last week' } })),
      ).resolves.toMatchObject({
        code: 'INVALID_INPUT',
        message: expect.stringMatching(/^Invalid input: "Created From": /),
      });
    });
  });

  it('returns no result (Zapier\'s "not found") when nothing matches', async () => {
    recordingsList({ tags: ['nope'], ...newestPage(0, 10) }).reply(200, page([]));
    recordingsList(listPage(0, ninetyDaysAgo)).reply(200, page([serviceRecording({ externalReference: 'ticket-1' })]));

    await expect(runWithRest(findRecording, { inputData: { tags: ['nope'] } })).resolves.toEqual([]);
    await expect(runWithRest(findRecording, { inputData: { externalReference: 'ticket-2' } })).resolves.toEqual([]);
  });

  describe('when the time budget cuts a search by reference short', () => {
    // The step reads its time on Date.now (its deadline, the search's budget, core's time left), which stands still here
    // but for what the first page's answer takes on it: how far the search gets does not depend on the machine's
    // speed. A budget far above any real delay keeps each request's own real timeout (cut to the time left) out of it.
    let now = 0;
    let clock: jest.SpyInstance<number, []>;
    beforeEach(() => {
      process.env.SCREENREC_ZAPIER_STEP_DEADLINE_MS = '20000';
      now = Date.now();
      clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    });
    afterEach(() => {
      clock.mockRestore();
      delete process.env.SCREENREC_ZAPIER_STEP_DEADLINE_MS;
    });

    it('fails with a message that says how far it got and what to do, never a silent "not found"', async () => {
      const others = Array.from({ length: 100 }, (_, n) =>
        serviceRecording({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, externalReference: 'other' }),
      );
      // The first page takes 12.5 s of the 20 s: too little is left for another page as slow.
      recordingsList(listPage(0, ninetyDaysAgo)).reply(200, () => ((now += 12_500), page(others, 100_000)));

      const error = await zapierFailure(runWithRest(findRecording, { inputData: { externalReference: 'ticket-4711' } }));

      expect(error).toMatchObject({ name: 'AppError', code: 'SEARCH_INCOMPLETE' });
      expect(error.message).toMatch(/ticket-4711/);
      expect(error.message).toMatch(/100 /);
      expect(error.message).toMatch(/narrow/);
    });
  });
});

describe('Get Video URL', () => {
  it('finds nothing (not an error) for a recording without a video, so the Zap stops or goes on as the user chose', async () => {
    presignCall(RECORDING_ID).reply(404, { message: 'Not found' });

    await expect(runWithRest(getVideoUrl, { inputData: { recordingId: RECORDING_ID } })).resolves.toEqual([]);
  });

  it('still fails on a real failure, naming the field', async () => {
    await expect(zapierFailure(runWithRest(getVideoUrl, { inputData: { recordingId: '42' } }))).resolves.toEqual(
      appError('INVALID_INPUT', invalidInputMessage('"Recording ID": must be a UUID such as 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c')),
    );
  });

  it('asks for a fresh pre-signed link', async () => {
    presignsLink(RECORDING_ID, videoUrl(RECORDING_ID, 'fresh'));

    await expect(runWithRest(getVideoUrl, { inputData: { recordingId: ` ${RECORDING_ID} ` } })).resolves.toEqual([
      { recordingId: RECORDING_ID, videoUrl: videoUrl(RECORDING_ID, 'fresh') },
    ]);
  });
});

describe('Find Tags', () => {
  it('searches tags with the query encoded and returns one result per tag', async () => {
    restApi()
      .get(`${REST_PATH}/recordings/tags`)
      .query({ query: 'sup port&x' })
      .reply(200, { result: ['sup port&x', 'Sup Port&X 2'] });

    await expect(runWithRest(findTags, { inputData: { query: 'sup port&x' } })).resolves.toEqual([
      { tag: 'sup port&x' },
      { tag: 'Sup Port&X 2' },
    ]);
  });

  it('returns nothing for a blank query without asking the service', async () => {
    await expect(runWithRest(findTags, { inputData: { query: '  ' } })).resolves.toEqual([]);
  });
});
