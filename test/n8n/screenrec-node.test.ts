import nock from 'nock';
import { NodeApiError, NodeOperationError, type INodeParameters } from 'n8n-workflow';
import { NOTHING_TO_UPDATE_MESSAGE, privateVideoLinkMessage } from 'screenrec';
import { BACKEND_TOKEN, BASE_URL, CREDENTIAL, RECORDING_ID, byId, runScreenRec } from './harness';
import { N8N_HINT } from '../support/n8n-hints';
import { failureOf, hookScope, remember, restPath, restScope, setUpNock } from './nock-setup';

setUpNock();

// What happened, as the node's error message says it (the hint beside it says what to do).
const NOT_FOUND = 'ScreenRec has no recording with this ID in the workspace.';
// Core's refusal (its wording pinned by core's tests) as n8n shows it: the message, and the rest in the description.
const NOTHING_TO_UPDATE = NOTHING_TO_UPDATE_MESSAGE.replace(' Nothing was sent to ScreenRec.', '');

const recording = (overrides: Record<string, unknown> = {}) => ({
  id: RECORDING_ID,
  direction: 'REQUEST',
  status: 'NEW',
  tags: ['onboarding'],
  notifications: [],
  comment: 'VIP',
  createdDate: '2026-11-21T09:30:00Z',
  ...overrides,
});

describe('Recording: Create (automation hook)', () => {
  /** A credential with only the hook's secret: no lookup of the new recording's ID. */
  const HOOK_ONLY = { serviceUrl: BASE_URL, backendToken: BACKEND_TOKEN };
  const NO_DETAILS = { recordingId: null, status: null, detailsError: null };

  it('sends RECORDING with the external reference and tags, and outputs the recording page URL', async () => {
    hookScope({ action: 'RECORDING', recording: { externalReference: 'ticket-1', tags: ['onboarding', 'bug'] } }).reply(200, {
      url: 'https://app.screenrec.test/r/abc',
    });
    const output = await runScreenRec(
      { resource: 'recording', operation: 'create', externalReference: ' ticket-1 ', tags: 'onboarding, bug, onboarding,' },
      { credential: HOOK_ONLY },
    );
    expect(remember(output)).toEqual([
      {
        json: { ...NO_DETAILS, url: 'https://app.screenrec.test/r/abc', externalReference: 'ticket-1', tags: ['onboarding', 'bug'] },
        pairedItem: { item: 0 },
      },
    ]);
  });

  it('runs once per input item, with expressions resolved per item and each output paired to its item', async () => {
    hookScope({ action: 'RECORDING', recording: { externalReference: 'T-1' } }).reply(200, { url: 'https://app.screenrec.test/r/1' });
    hookScope({ action: 'RECORDING', recording: { externalReference: 'T-2' } }).reply(200, { url: 'https://app.screenrec.test/r/2' });
    const output = await runScreenRec(
      { resource: 'recording', operation: 'create', externalReference: '={{ $json.ticket }}' },
      { items: [{ json: { ticket: 'T-1' } }, { json: { ticket: 'T-2' } }], credential: HOOK_ONLY },
    );
    expect(output).toEqual([
      { json: { ...NO_DETAILS, url: 'https://app.screenrec.test/r/1', externalReference: 'T-1', tags: [] }, pairedItem: { item: 0 } },
      { json: { ...NO_DETAILS, url: 'https://app.screenrec.test/r/2', externalReference: 'T-2', tags: [] }, pairedItem: { item: 1 } },
    ]);
  });

  it('with the Workspace ID and API Key, looks the new recording up among the newest for its ID and status', async () => {
    const pageUrl = `https://app.screenrec.test/r/${RECORDING_ID}`;
    hookScope({ action: 'RECORDING', recording: { externalReference: 'ticket-1' } }).reply(200, { url: pageUrl });
    restScope()
      .post(restPath('/recordings/list'), { sortField: 'createdDate', sortOrder: 'Descending', first: 0, pageSize: 100 })
      .reply(200, { content: [recording({ url: pageUrl })], totalElements: 1, totalPages: 1 });
    const output = await runScreenRec({ resource: 'recording', operation: 'create', externalReference: 'ticket-1' });
    expect(output[0]?.json).toEqual({
      recordingId: RECORDING_ID,
      status: 'NEW',
      detailsError: null,
      url: pageUrl,
      externalReference: 'ticket-1',
      tags: [],
    });
  });
});

describe('one credential: an operation whose secret is missing names the field to fill, and sends nothing', () => {
  it.each([
    [
      'create',
      { externalReference: 'ticket-1' },
      { backendToken: '' },
      'Create Recording Link needs the Backend Token, which the ScreenRec credential leaves empty.',
      'Backend Token (press Setup on the n8n integration in the ScreenRec dashboard and copy the token it shows)',
    ],
    [
      'get',
      { recordingId: byId(RECORDING_ID) },
      { apiKey: '  ' },
      'Get needs the API Key, which the ScreenRec credential leaves empty.',
      "API Key (a workspace owner creates one in the ScreenRec dashboard's API section, after turning API access on)",
    ],
    [
      'getAll',
      {},
      { workspaceId: '' },
      'Get Many needs the Workspace ID, which the ScreenRec credential leaves empty.',
      "Workspace ID (the workspace's UUID, shown in the ScreenRec dashboard's API section)",
    ],
  ])('%s', async (operation, parameters, blank, message, field) => {
    const error = await failureOf(() =>
      runScreenRec({ resource: 'recording', operation, ...parameters }, { credential: { ...CREDENTIAL, ...blank } }),
    );
    expect(error).toBeInstanceOf(NodeOperationError);
    expect(error.message).toBe(message);
    expect(error.description).toBe(
      `Open the ScreenRec account credential and fill in ${field}, then run the node again. Nothing was sent to ScreenRec.`,
    );
  });

  it('Create Recording Link needs only the Service URL and Backend Token', async () => {
    hookScope({ action: 'RECORDING', recording: { externalReference: 'ticket-1' } }).reply(200, {
      url: 'https://app.screenrec.test/r/abc',
    });
    const output = await runScreenRec(
      { resource: 'recording', operation: 'create', externalReference: 'ticket-1' },
      { credential: { serviceUrl: BASE_URL, backendToken: BACKEND_TOKEN } },
    );
    expect(output[0]?.json).toEqual({
      recordingId: null,
      status: null,
      detailsError: null,
      url: 'https://app.screenrec.test/r/abc',
      externalReference: 'ticket-1',
      tags: [],
    });
  });
});

describe('Recording: Get, with the Recording field in each of its modes', () => {
  const PAGE_URL = `https://app.screenrec.test/r/${RECORDING_ID}`;
  it.each([
    ['By ID', byId(` ${RECORDING_ID} `)],
    ['By URL (the recording page link)', { __rl: true, mode: 'url', value: PAGE_URL }],
    ['From list (the value the list gave)', { __rl: true, mode: 'list', value: RECORDING_ID, cachedResultName: '2026-11-21 10:30 · New' }],
  ])('%s: one list call with the ID, and the recording as the item', async (_mode, recordingId) => {
    restScope()
      .post(restPath('/recordings/list'), { ids: [RECORDING_ID], pageSize: 1 })
      .reply(200, { content: [recording()], totalElements: 1, totalPages: 1 });
    expect(await runScreenRec({ resource: 'recording', operation: 'get', recordingId })).toEqual([
      { json: recording(), pairedItem: { item: 0 } },
    ]);
  });

  it('says so when the workspace has no such recording', async () => {
    restScope().post(restPath('/recordings/list')).reply(200, { content: [], totalElements: 0, totalPages: 0 });
    const error = await failureOf(() => runScreenRec({ resource: 'recording', operation: 'get', recordingId: byId(RECORDING_ID) }));
    expect(error.message).toBe(NOT_FOUND);
  });
});

describe('Recording: Request (REST create)', () => {
  it('sends direction, e-mail, tags, notification e-mails and comment, and outputs the recording', async () => {
    restScope()
      .post(restPath('/recordings'), {
        direction: 'RESPONSE',
        email: 'ana@example.com',
        tags: ['demo'],
        notifications: [
          { type: 'EMAIL', value: 'team@example.com' },
          { type: 'EMAIL', value: 'lead@example.com' },
        ],
        comment: 'internal',
      })
      .reply(201, recording({ direction: 'RESPONSE', tags: ['demo'], comment: 'internal' }));
    const output = await runScreenRec({
      resource: 'recording',
      operation: 'request',
      direction: 'RESPONSE',
      email: 'ana@example.com',
      additionalFields: { tags: 'demo', notificationEmails: 'team@example.com, lead@example.com', comment: 'internal' },
    });
    expect(output).toEqual([{ json: recording({ direction: 'RESPONSE', tags: ['demo'], comment: 'internal' }), pairedItem: { item: 0 } }]);
  });

  it('sends only the direction when nothing else is filled in', async () => {
    restScope().post(restPath('/recordings'), { direction: 'REQUEST' }).reply(201, recording());
    const output = await runScreenRec({ resource: 'recording', operation: 'request' });
    expect(output).toEqual([{ json: recording(), pairedItem: { item: 0 } }]);
  });
});

describe('Recording: Get Many', () => {
  const ids = (count: number, from = 0) =>
    Array.from({ length: count }, (_, index) => `00000000-0000-4000-8000-${String(from + index).padStart(12, '0')}`);
  const page = (pageIds: string[], totalPages: number, totalElements: number) => ({
    content: pageIds.map((id) => recording({ id })),
    totalElements,
    totalPages,
  });

  it('sends every filter of the list call and pages through everything with Return All', async () => {
    const filter = {
      ids: [RECORDING_ID],
      userId: '11111111-2222-4333-8444-555555555555',
      statuses: ['COMPLETED', 'PROCESSING'],
      directions: ['REQUEST'],
      tags: ['onboarding', 'demo'],
      // 08:00 on the workflow's clocks (Europe/Berlin, UTC+1 in November).
      createdDateFrom: '2026-11-01T08:00:00+01:00',
      // A plain date is midnight on the workflow's clocks, as on Zapier.
      createdDateTo: '2026-11-20T00:00:00+01:00',
      sortOrder: 'Ascending',
    };
    restScope()
      .post(restPath('/recordings/list'), { ...filter, sortField: 'createdDate', first: 0, pageSize: 100 })
      .reply(200, page(ids(100), 2, 101));
    restScope()
      .post(restPath('/recordings/list'), { ...filter, sortField: 'createdDate', first: 100, pageSize: 100 })
      .reply(200, page(ids(1, 100), 2, 101));
    const output = await runScreenRec({
      resource: 'recording',
      operation: 'getAll',
      returnAll: true,
      filters: {
        ids: RECORDING_ID,
        userId: '11111111-2222-4333-8444-555555555555',
        statuses: ['COMPLETED', 'PROCESSING'],
        directions: ['REQUEST'],
        tags: 'onboarding, demo',
        createdDateFrom: '2026-11-01T08:00:00',
        createdDateTo: '2026-11-20',
        sortOrder: 'Ascending',
      },
    });
    expect(output).toHaveLength(101);
    expect(output.map((item) => item.json.id)).toEqual(ids(101));
    expect(output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
  });

  const NEWEST_FIRST = { sortField: 'createdDate', sortOrder: 'Descending' };

  it('asks for no more than the Limit (default 50), newest first, and stops there', async () => {
    restScope()
      .post(restPath('/recordings/list'), { ...NEWEST_FIRST, first: 0, pageSize: 50 })
      .reply(200, page(ids(50), 3, 120));
    const output = await runScreenRec({ resource: 'recording', operation: 'getAll' });
    expect(output).toHaveLength(50);

    restScope()
      .post(restPath('/recordings/list'), { ...NEWEST_FIRST, first: 0, pageSize: 2 })
      .reply(200, page(ids(2), 60, 120));
    const limited = await runScreenRec({ resource: 'recording', operation: 'getAll', limit: 2 });
    expect(limited).toEqual(ids(2).map((id) => ({ json: recording({ id }), pairedItem: { item: 0 } })));
  });

  it('passes a status ScreenRec adds later through as it is, instead of failing the run', async () => {
    restScope()
      .post(restPath('/recordings/list'), { ...NEWEST_FIRST, first: 0, pageSize: 50 })
      .reply(200, { content: [recording({ status: 'ARCHIVED' })], totalElements: 1, totalPages: 1 });
    const output = await runScreenRec({ resource: 'recording', operation: 'getAll' });
    expect(output).toEqual([{ json: recording({ status: 'ARCHIVED' }), pairedItem: { item: 0 } }]);
  });

  it('keeps only recordings with the External Reference, reading full pages until the limit is met', async () => {
    const [first, second, third] = ids(3);
    restScope()
      .post(restPath('/recordings/list'), { ...NEWEST_FIRST, first: 0, pageSize: 100 })
      .reply(200, {
        content: [
          recording({ id: first, externalReference: 'T-1' }),
          recording({ id: second, externalReference: 'T-2' }),
          recording({ id: third, externalReference: 'T-1' }),
        ],
        totalElements: 3,
        totalPages: 1,
      });
    const output = await runScreenRec({ resource: 'recording', operation: 'getAll', limit: 5, filters: { externalReference: 'T-1' } });
    expect(output.map((item) => item.json.id)).toEqual([first, third]);
  });
});

describe('Recording: Get Video URL', () => {
  const videoUrl = `https://media.screenrec.test/videos/${RECORDING_ID}?expires=1900000000&signature=abc`;

  it('outputs a fresh temporary link', async () => {
    restScope()
      .get(restPath(`/recordings/${RECORDING_ID}/presign`))
      .reply(200, { url: videoUrl });
    const output = await runScreenRec({ resource: 'recording', operation: 'getVideoUrl', recordingId: byId(` ${RECORDING_ID} `) });
    expect(output).toEqual([{ json: { recordingId: RECORDING_ID, videoUrl }, pairedItem: { item: 0 } }]);
  });

  it('downloads the video as binary data, without sending any credential to the video host', async () => {
    restScope()
      .get(restPath(`/recordings/${RECORDING_ID}/presign`))
      .reply(200, { url: videoUrl });
    const video = Buffer.from('webm-bytes');
    nock('https://media.screenrec.test', { badheaders: ['authorization', 'x-service-token'] })
      .get(`/videos/${RECORDING_ID}`)
      .query({ expires: '1900000000', signature: 'abc' })
      .reply(200, video, { 'content-type': 'video/webm' });
    const [item] = await runScreenRec({
      resource: 'recording',
      operation: 'getVideoUrl',
      recordingId: byId(RECORDING_ID),
      download: true,
      binaryPropertyName: 'video',
    });
    expect(item?.json).toEqual({ recordingId: RECORDING_ID, videoUrl });
    expect(item?.binary?.video).toMatchObject({
      data: video.toString('base64'),
      mimeType: 'video/webm',
      fileName: `screenrec-${RECORDING_ID}.webm`,
      fileExtension: 'webm',
    });
  });

  it('does not follow a redirect from the video host', async () => {
    restScope()
      .get(restPath(`/recordings/${RECORDING_ID}/presign`))
      .reply(200, { url: videoUrl });
    nock('https://media.screenrec.test')
      .get(`/videos/${RECORDING_ID}`)
      .query(true)
      .reply(302, '', { location: 'http://169.254.169.254/latest' });
    const error = await failureOf(() =>
      runScreenRec({ resource: 'recording', operation: 'getVideoUrl', recordingId: byId(RECORDING_ID), download: true }),
    );
    expect(error.message).toBe("The video's storage answered with a redirect (HTTP 302), which is not followed.");
  });

  it('refuses to download from a private address the service handed out', async () => {
    restScope()
      .get(restPath(`/recordings/${RECORDING_ID}/presign`))
      .reply(200, { url: 'http://10.0.0.7/videos/x.webm' });
    const error = await failureOf(() =>
      runScreenRec({ resource: 'recording', operation: 'getVideoUrl', recordingId: byId(RECORDING_ID), download: true }),
    );
    expect(error).toBeInstanceOf(NodeOperationError);
    expect(error.message).toBe(privateVideoLinkMessage('10.0.0.7'));
  });

  it('says the link expired when the video host answers 403', async () => {
    restScope()
      .get(restPath(`/recordings/${RECORDING_ID}/presign`))
      .reply(200, { url: videoUrl });
    nock('https://media.screenrec.test').get(`/videos/${RECORDING_ID}`).query(true).reply(403, 'Forbidden');
    const error = await failureOf(() =>
      runScreenRec({ resource: 'recording', operation: 'getVideoUrl', recordingId: byId(RECORDING_ID), download: true }),
    );
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.message).toBe("The video's storage refused its temporary link (HTTP 403): the link has expired.");
    expect(error.description).toBe('Run the node again: the ScreenRec node\'s "Get Video URL" operation fetches a fresh link each time.');
  });
});

describe('Recording: Update and Delete', () => {
  /** Update of RECORDING_ID with `updateFields` (none: the collection left out). */
  const runUpdate = (updateFields?: INodeParameters) =>
    runScreenRec({
      resource: 'recording',
      operation: 'update',
      recordingId: byId(RECORDING_ID),
      ...(updateFields === undefined ? {} : { updateFields }),
    });

  it('replaces tags and comment', async () => {
    restScope()
      .put(restPath(`/recordings/${RECORDING_ID}`), { tags: ['done', 'reviewed'], comment: 'checked' })
      .reply(202, recording({ tags: ['done', 'reviewed'], comment: 'checked' }));
    const output = await runUpdate({ tags: 'done, reviewed', comment: 'checked' });
    expect(output).toEqual([{ json: recording({ tags: ['done', 'reviewed'], comment: 'checked' }), pairedItem: { item: 0 } }]);
  });

  it('removes every tag with Remove All Tags', async () => {
    restScope()
      .put(restPath(`/recordings/${RECORDING_ID}`), { tags: [] })
      .reply(202, recording({ tags: [] }));
    const output = await runUpdate({ removeAllTags: true });
    expect(output[0]?.json.tags).toEqual([]);
  });

  it('keeps the tags when the added Tags field is left empty, so an update with only that is refused, sending nothing', async () => {
    const error = await failureOf(() => runUpdate({ tags: ' , ', comment: '' }));
    expect(error).toBeInstanceOf(NodeOperationError);
    expect([error.message, error.description]).toEqual([NOTHING_TO_UPDATE, `${N8N_HINT.fixFields} Nothing was sent to ScreenRec.`]);
  });

  it('refuses Tags together with Remove All Tags, sending nothing', async () => {
    const error = await failureOf(() => runUpdate({ tags: 'done', removeAllTags: true }));
    expect(error).toBeInstanceOf(NodeOperationError);
    expect(error.message).toBe(
      'Tags and Remove All Tags were both given: leave Tags empty to remove every tag, or turn Remove All Tags off to replace the tags with the ones given.',
    );
  });

  it('refuses an update with no field, sending nothing', async () => {
    const error = await failureOf(() => runUpdate());
    expect(error).toBeInstanceOf(NodeOperationError);
    expect(error.message).toBe(NOTHING_TO_UPDATE);
  });

  it('reads the recording, deletes it, and outputs what was deleted', async () => {
    restScope()
      .post(restPath('/recordings/list'), { ids: [RECORDING_ID], pageSize: 1 })
      .reply(200, { content: [recording()], totalElements: 1, totalPages: 1 });
    restScope()
      .delete(restPath(`/recordings/${RECORDING_ID}`))
      .reply(204);
    const output = await runScreenRec({ resource: 'recording', operation: 'delete', recordingId: byId(RECORDING_ID) });
    expect(output).toEqual([{ json: { ...recording(), deleted: true }, pairedItem: { item: 0 } }]);
  });
});

describe('Tag: Search', () => {
  it('outputs one item per matching tag', async () => {
    restScope()
      .get(restPath('/recordings/tags'))
      .query({ query: 'on board' })
      .reply(200, { result: ['on board', 'on boarding'] });
    const output = await runScreenRec({ resource: 'tag', operation: 'search', query: 'on board' });
    expect(output).toEqual([
      { json: { tag: 'on board' }, pairedItem: { item: 0 } },
      { json: { tag: 'on boarding' }, pairedItem: { item: 0 } },
    ]);
  });

  it('outputs nothing for a blank query, without calling ScreenRec', async () => {
    expect(await runScreenRec({ resource: 'tag', operation: 'search', query: '  ' })).toEqual([]);
  });
});

describe('continueOnFail', () => {
  const other = '99999999-8888-4777-8666-555555555555';
  const read = (id: string, found: boolean) =>
    restScope()
      .post(restPath('/recordings/list'), { ids: [id], pageSize: 1 })
      .reply(200, { content: found ? [recording({ id })] : [], totalElements: found ? 1 : 0, totalPages: found ? 1 : 0 });

  it('turns a failed item into {error} and goes on with the next item', async () => {
    read(RECORDING_ID, false);
    read(other, true);
    restScope()
      .delete(restPath(`/recordings/${other}`))
      .reply(204);
    const output = await runScreenRec(
      { resource: 'recording', operation: 'delete', recordingId: byId('={{ $json.id }}') },
      { items: [{ json: { id: RECORDING_ID } }, { json: { id: other } }], continueOnFail: true },
    );
    expect(output).toEqual([
      { json: { error: NOT_FOUND }, pairedItem: { item: 0 } },
      { json: { ...recording({ id: other }), deleted: true }, pairedItem: { item: 1 } },
    ]);
  });

  it('without it, stops at the failed item with its index', async () => {
    read(RECORDING_ID, false);
    const error = await failureOf(() =>
      runScreenRec(
        { resource: 'recording', operation: 'delete', recordingId: byId('={{ $json.id }}') },
        { items: [{ json: { id: RECORDING_ID } }, { json: { id: RECORDING_ID } }] },
      ),
    );
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.context).toMatchObject({ itemIndex: 0 });
  });
});
