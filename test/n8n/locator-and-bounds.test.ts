import nock from 'nock';
import { CANCELLED_MESSAGE } from 'screenrec';
import { NodeOperationError } from 'n8n-workflow';
import { PassThrough } from 'node:stream';
import { DOWNLOAD_CANCELLED, downloadTimedOutMessage } from '../../packages/n8n-nodes-screenrec/lib/video';
import { RECORDING_ID, byId, runScreenRec, searchRecordings } from './harness';
import { failureOf, restPath, restScope, setUpNock } from './nock-setup';

setUpNock();

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const recording = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: id(n),
  status: 'COMPLETED',
  tags: [],
  createdDate: '2026-11-21T09:30:00Z',
  ...overrides,
});
const NEWEST_FIRST = { sortField: 'createdDate', sortOrder: 'Descending' };

describe('Recording field, "From list": searchable, newest first, each entry told apart from the others', () => {
  it('labels each recording with its reference, status, date in the workflow timezone (zone named), tags and ID start', async () => {
    restScope()
      .post(restPath('/recordings/list'), { ...NEWEST_FIRST, first: 0, pageSize: 50 })
      .reply(200, {
        content: [
          recording(2, { tags: ['onboarding', 'bug'], externalReference: 'ticket-9', url: `https://app.screenrec.test/r/${id(2)}` }),
          recording(1, { status: 'ARCHIVED', createdDate: '2026-07-01T22:15:00Z' }),
        ],
        totalElements: 2,
        totalPages: 1,
      });
    expect(await searchRecordings()).toEqual({
      results: [
        // Europe/Berlin: UTC+1 in November, UTC+2 in July; the zone is named, as createdDate beside it is UTC.
        {
          name: 'ticket-9 · Completed · 21 Nov 2026, 10:30 CET · onboarding, bug · ID 00000000',
          value: id(2),
          url: `https://app.screenrec.test/r/${id(2)}`,
        },
        { name: 'ARCHIVED · 2 Jul 2026, 00:15 CEST · ID 00000000', value: id(1), url: undefined },
      ],
      paginationToken: undefined,
    });
  });

  it('three recordings made in the same minute with the same tag read as three different entries', async () => {
    const ids = ['0b7c2d1e-3f4a-4b5c-9d6e-7f8a9b0c1d2e', '5e1f0a9b-8c7d-4e6f-a5b4-c3d2e1f0a9b8', 'c4d5e6f7-a8b9-4c0d-9e1f-2a3b4c5d6e7f'];
    const content = ids.map((recordingId, n) => ({
      id: recordingId,
      status: 'NEW',
      tags: ['demo'],
      createdDate: `2026-11-23T17:38:${String(10 + n)}Z`,
    }));
    restScope()
      .post(restPath('/recordings/list'), { ...NEWEST_FIRST, first: 0, pageSize: 50 })
      .reply(200, { content, totalElements: 3, totalPages: 1 });
    const names = (await searchRecordings()).results.map((result) => result.name);
    expect(names).toEqual([
      'New · 23 Nov 2026, 18:38 CET · demo · ID 0b7c2d1e',
      'New · 23 Nov 2026, 18:38 CET · demo · ID 5e1f0a9b',
      'New · 23 Nov 2026, 18:38 CET · demo · ID c4d5e6f7',
    ]);
  });

  it('keeps what matches the typed text, and offers the next page while there is one', async () => {
    const content = Array.from({ length: 50 }, (_, n) => recording(n, { tags: n % 10 === 0 ? ['Support'] : [] }));
    restScope()
      .post(restPath('/recordings/list'), { ...NEWEST_FIRST, first: 0, pageSize: 50 })
      .reply(200, { content, totalElements: 120, totalPages: 3 });
    const firstPage = await searchRecordings('support');
    expect(firstPage.results.map((result) => result.value)).toEqual([0, 10, 20, 30, 40].map(id));
    expect(firstPage.paginationToken).toBe(50);

    restScope()
      .post(restPath('/recordings/list'), { ...NEWEST_FIRST, first: 50, pageSize: 50 })
      .reply(200, { content: [recording(77)], totalElements: 51, totalPages: 2 });
    expect(await searchRecordings('', 50)).toMatchObject({ results: [{ value: id(77) }], paginationToken: undefined });
  });
});

describe('Stop and Timeout', () => {
  /**
   * RECORDING_ID's link, and its video host sending the first `firstBytes` bytes, then nothing more: `onFirstBytes`
   * runs once they are on their way. The body stays open until the test destroys it.
   */
  const videoThatStalls = (firstBytes: number, onFirstBytes: () => void): PassThrough => {
    restScope()
      .get(restPath(`/recordings/${RECORDING_ID}/presign`))
      .reply(200, { url: `https://media.screenrec.test/v/${RECORDING_ID}.webm` });
    const body = new PassThrough();
    nock('https://media.screenrec.test')
      .get(`/v/${RECORDING_ID}.webm`)
      .reply(
        200,
        () => {
          body.write(Buffer.alloc(firstBytes));
          setImmediate(onFirstBytes);
          return body;
        },
        { 'content-type': 'video/webm' },
      );
    return body;
  };

  it("the execution's cancel signal stops a request in flight: the item fails as cancelled", async () => {
    restScope()
      .get(restPath(`/recordings/${RECORDING_ID}/presign`))
      .delay(10_000)
      .reply(200, { url: 'https://media.screenrec.test/v.webm' });
    const controller = new AbortController();
    const running = runScreenRec(
      { resource: 'recording', operation: 'getVideoUrl', recordingId: byId(RECORDING_ID) },
      { abortSignal: controller.signal },
    );
    setImmediate(() => controller.abort());
    const error = await failureOf(() => running);
    expect(error).toBeInstanceOf(NodeOperationError);
    expect(error.message).toBe(CANCELLED_MESSAGE);
    nock.abortPendingRequests();
  });

  it('the cancel signal stops a video download mid-stream', async () => {
    const controller = new AbortController();
    // The first bytes are on their way; the user presses Stop.
    const body = videoThatStalls(64 * 1024, () => controller.abort());
    const error = await failureOf(() =>
      runScreenRec(
        { resource: 'recording', operation: 'getVideoUrl', recordingId: byId(RECORDING_ID), download: true },
        { abortSignal: controller.signal },
      ),
    );
    expect(error.message).toBe(DOWNLOAD_CANCELLED);
    body.destroy();
  });

  it('the Timeout option bounds a video download too, with its own message', async () => {
    // The node's clock (Date and timers) is fake and stands still until the video host has sent its first bytes; only
    // then does the Timeout's second pass. So the time runs out during the download and never during the link's
    // fetch before it, however slowly a loaded machine gets there.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const body = videoThatStalls(1024, () => jest.advanceTimersByTime(1_000));
      const error = await failureOf(() =>
        runScreenRec({
          resource: 'recording',
          operation: 'getVideoUrl',
          recordingId: byId(RECORDING_ID),
          download: true,
          options: { timeout: 1 },
        }),
      );
      expect(error).toBeInstanceOf(NodeOperationError);
      expect(error.message).toBe(downloadTimedOutMessage(1));
      expect(error.description).toBe("Raise the node's Options → Timeout (Seconds), or set it to 0 for no limit.");
      body.destroy();
    } finally {
      jest.useRealTimers();
    }
  });

  it('the Timeout option bounds the whole operation: a service that does not answer ends in our deadline message', async () => {
    restScope()
      .get(restPath(`/recordings/${RECORDING_ID}/presign`))
      .delay(10_000)
      .reply(200, { url: 'https://media.screenrec.test/v.webm' });
    const error = await failureOf(() =>
      runScreenRec({ resource: 'recording', operation: 'getVideoUrl', recordingId: byId(RECORDING_ID), options: { timeout: 1 } }),
    );
    expect(error).toBeInstanceOf(NodeOperationError);
    expect(error.message).toBe('ScreenRec did not finish fetching a link to the video within the 1 s this step may take.');
    expect(error.description).toBe(
      "Raise the node's Options → Timeout (Seconds), or set it to 0 for no limit. For lists, narrow the filters.",
    );
    nock.abortPendingRequests();
  });
});
