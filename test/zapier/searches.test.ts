import { perform as findRecording } from '../../packages/zapier/src/searches/find-recording';
import { perform as findTags } from '../../packages/zapier/src/searches/find-tags';
import { perform as getVideoUrl } from '../../packages/zapier/src/searches/get-video-url';
import { OTHER_RECORDING_ID, RECORDING_ID, REST_PATH, appTester, page, restApi, restAuth, serviceRecording, useNock, videoUrl } from './harness';

useNock();

const NEWEST_FIRST = { sortField: 'createdDate', sortOrder: 'Descending' };

describe('Find Recording', () => {
  it('sends every criterion, newest first, and returns the matches', async () => {
    restApi()
      .post(`${REST_PATH}/recordings/list`, {
        ids: [RECORDING_ID],
        directions: ['REQUEST'],
        statuses: ['COMPLETED'],
        tags: ['support'],
        createdDateFrom: '2026-11-01T00:00:00+00:00',
        createdDateTo: '2026-11-30T00:00:00+00:00',
        ...NEWEST_FIRST,
        first: 0,
        pageSize: 10,
      })
      .reply(200, page([serviceRecording()]));

    const results = await appTester(findRecording, {
      authData: restAuth,
      inputData: {
        recordingId: RECORDING_ID,
        direction: 'REQUEST',
        statuses: ['COMPLETED'],
        tags: ['support'],
        createdFrom: '2026-11-01T00:00:00+00:00',
        createdTo: '2026-11-30T00:00:00+00:00',
      },
    });

    expect(results).toEqual([serviceRecording()]);
  });

  it('finds by external reference, which the list call cannot filter, across pages', async () => {
    const other = (n: number) => serviceRecording({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, externalReference: `ticket-${n}` });
    restApi()
      .post(`${REST_PATH}/recordings/list`, { ...NEWEST_FIRST, first: 0, pageSize: 100 })
      .reply(200, page(Array.from({ length: 100 }, (_, n) => other(n)), 101));
    restApi()
      .post(`${REST_PATH}/recordings/list`, { ...NEWEST_FIRST, first: 100, pageSize: 100 })
      .reply(200, page([serviceRecording({ id: OTHER_RECORDING_ID })], 101));

    const results = await appTester(findRecording, { authData: restAuth, inputData: { externalReference: 'ticket-4711' } });

    expect(results).toEqual([serviceRecording({ id: OTHER_RECORDING_ID })]);
  });

  it('returns no result (Zapier\'s "not found") when nothing matches', async () => {
    restApi().post(`${REST_PATH}/recordings/list`, { tags: ['nope'], ...NEWEST_FIRST, first: 0, pageSize: 10 }).reply(200, page([]));

    await expect(appTester(findRecording, { authData: restAuth, inputData: { tags: ['nope'] } })).resolves.toEqual([]);
  });
});

describe('Get Video URL', () => {
  it('asks for a fresh pre-signed link', async () => {
    restApi().get(`${REST_PATH}/recordings/${RECORDING_ID}/presign`).reply(200, { url: videoUrl(RECORDING_ID, 'fresh') });

    await expect(appTester(getVideoUrl, { authData: restAuth, inputData: { recordingId: ` ${RECORDING_ID} ` } })).resolves.toEqual([
      { id: RECORDING_ID, videoUrl: videoUrl(RECORDING_ID, 'fresh') },
    ]);
  });
});

describe('Find Tags', () => {
  it('searches tags with the query encoded and returns one result per tag', async () => {
    restApi().get(`${REST_PATH}/recordings/tags`).query({ query: 'sup port&x' }).reply(200, { result: ['sup port&x', 'Sup Port&X 2'] });

    await expect(appTester(findTags, { authData: restAuth, inputData: { query: 'sup port&x' } })).resolves.toEqual([
      { id: 'sup port&x', name: 'sup port&x' },
      { id: 'Sup Port&X 2', name: 'Sup Port&X 2' },
    ]);
  });

  it('returns nothing for a blank query without asking the service', async () => {
    await expect(appTester(findTags, { authData: restAuth, inputData: { query: '  ' } })).resolves.toEqual([]);
  });
});
