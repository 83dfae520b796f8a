// The catalogue's own calls for the operations every platform now derives: Create Recording Link goes through the
// hook and, when the connection has REST credentials, looks the new recording up; Search Tags gives one item a tag.
import { NEWEST_FIRST, OPERATIONS, type OperationClients } from 'screenrec';
import { RECORDING_ID, hookClient, restClient } from './fixtures';
import { hookScope, restPath, restScope, setUpNock } from './nock-setup';

setUpNock();

const PAGE_URL = 'https://app.screenrec.test/r/abc';

function clients(withRest: boolean): OperationClients {
  const hook = hookClient();
  return {
    rest: () => {
      if (!withRest) throw new Error('no REST credentials in this connection');
      return restClient();
    },
    hook: () => Promise.resolve(hook),
    restIfSetUp: () => (withRest ? restClient() : undefined),
  };
}

function performOf<Name extends 'createRecordingLink' | 'searchTags'>(name: Name): NonNullable<(typeof OPERATIONS)[Name]['perform']> {
  const { perform } = OPERATIONS[name];
  if (perform === undefined) throw new Error(`${name} has no perform`);
  return perform;
}

describe('Create Recording Link', () => {
  it('without REST credentials: the page link, nothing looked up, and no detailsError', async () => {
    hookScope({ action: 'RECORDING', recording: { externalReference: 'TICKET-42', tags: ['support'] } }).reply(200, { url: PAGE_URL });
    await expect(
      performOf('createRecordingLink')(clients(false), { externalReference: 'TICKET-42', tags: ['support'] }, {}),
    ).resolves.toEqual({
      url: PAGE_URL,
      recordingId: null,
      status: null,
      detailsError: null,
      externalReference: 'TICKET-42',
      tags: ['support'],
    });
  });

  it('sends no tags when none are given, and looks the new recording up with REST credentials', async () => {
    hookScope({ action: 'RECORDING', recording: { externalReference: 'TICKET-43' } }).reply(200, { url: PAGE_URL });
    restScope()
      .post(restPath('/recordings/list'), { ...NEWEST_FIRST, first: 0, pageSize: 100 })
      .reply(200, {
        content: [{ id: RECORDING_ID, status: 'NEW', url: PAGE_URL, externalReference: 'TICKET-43' }],
        totalElements: 1,
        totalPages: 1,
      });
    const created = await performOf('createRecordingLink')(clients(true), { externalReference: 'TICKET-43' }, {});
    expect(created).toEqual({
      url: PAGE_URL,
      recordingId: RECORDING_ID,
      status: 'NEW',
      detailsError: null,
      externalReference: 'TICKET-43',
      tags: [],
    });
  });
});

describe('Search Tags', () => {
  it('gives one item a tag, as the catalogue declares its output, and many of them', async () => {
    expect(OPERATIONS.searchTags.many).toBe(true);
    restScope()
      .get(restPath('/recordings/tags'))
      .query({ query: 'sup' })
      .reply(200, { result: ['support', 'super'] });
    await expect(performOf('searchTags')(clients(true), { query: 'sup' }, {})).resolves.toEqual([{ tag: 'support' }, { tag: 'super' }]);
  });
});
