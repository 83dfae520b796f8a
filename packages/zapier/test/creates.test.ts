import {
  CREATED_NOT_LISTED_YET,
  NOTHING_TO_UPDATE_MESSAGE,
  NOT_FOUND_RECORDING,
  TAGS_WITH_REMOVE_ALL_TAGS_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  createdIdLookupFailedMessage,
  invalidInputMessage,
} from 'screenrec';
import { perform as createRecording } from '../src/creates/create-recording';
import {
  BASE_URL,
  OTHER_RECORDING_ID,
  RECORDING_ID,
  REST_PATH,
  appError,
  hookCall,
  performOf,
  restApi,
  runWithHookOnly,
  runWithRest,
  useNock,
  zapierFailure,
} from './harness';
import { idsLookup, newestListed, newestPage, page, recordingsList, serviceRecording } from './recordings-api';

const requestRecording = performOf('creates', 'requestRecording');
const updateRecording = performOf('creates', 'updateRecording');
const deleteRecording = performOf('creates', 'deleteRecording');

useNock();

const PAGE_URL = `${BASE_URL}/r/${RECORDING_ID}`;

describe('Create Recording Link (hook RECORDING)', () => {
  /** The hook creating the recording it is sent, answering with the new page link. */
  const hookCreates = (recording: { externalReference: string; tags?: string[] }) =>
    hookCall({ action: 'RECORDING', recording }).reply(200, { url: PAGE_URL });

  /** What the step outputs for the new page link: ticket-4711 echoed, no id, status, tags or error unless `fields` gives them. */
  const createdLink = (fields: Record<string, unknown>) => ({
    recordingId: null,
    id: null,
    status: null,
    url: PAGE_URL,
    externalReference: 'ticket-4711',
    tags: [],
    detailsError: null,
    ...fields,
  });

  it('without REST credentials sends the external reference and tags, and returns the page link with the input echoed', async () => {
    hookCreates({ externalReference: 'ticket-4711', tags: ['support', 'vip'] });

    const result = await runWithHookOnly(createRecording, {
      inputData: { externalReference: ' ticket-4711 ', tags: ['support', '', ' vip ', 'support'] },
    });

    expect(result).toEqual(createdLink({ tags: ['support', 'vip'] }));
  });

  it('sends no tags when none are given', async () => {
    hookCreates({ externalReference: 'task-9' });

    await expect(runWithHookOnly(createRecording, { inputData: { externalReference: 'task-9' } })).resolves.toEqual(
      createdLink({ externalReference: 'task-9' }),
    );
  });

  it('with REST credentials looks the new recording up among the newest (one list call) and returns its id and status', async () => {
    hookCreates({ externalReference: 'ticket-4711' });
    const older = serviceRecording({ id: OTHER_RECORDING_ID, url: `${BASE_URL}/r/${OTHER_RECORDING_ID}` });
    newestListed([serviceRecording({ status: 'NEW', url: PAGE_URL }), older]);

    await expect(runWithRest(createRecording, { inputData: { externalReference: 'ticket-4711' } })).resolves.toEqual(
      // Find or Create Recording maps one field whether it found (a recording's `id`) or created.
      createdLink({ recordingId: RECORDING_ID, id: RECORDING_ID, status: 'NEW' }),
    );
  });

  it('still succeeds when the lookup fails after the create, and says why the id is missing (a retried step would create twice)', async () => {
    hookCreates({ externalReference: 'ticket-4711' });
    recordingsList(newestPage()).reply(401, { message: 'Unauthorized' });

    const result = await runWithRest(createRecording, { inputData: { externalReference: 'ticket-4711' } });

    expect(result).toEqual(createdLink({ detailsError: createdIdLookupFailedMessage(UNAUTHORIZED_MESSAGE) }));
  });

  it('says so when the new recording is not among the newest yet', async () => {
    hookCreates({ externalReference: 'ticket-4711' });
    newestListed([]);

    await expect(runWithRest(createRecording, { inputData: { externalReference: 'ticket-4711' } })).resolves.toMatchObject({
      recordingId: null,
      detailsError: CREATED_NOT_LISTED_YET,
    });
  });
});

describe('Request Recording (REST create)', () => {
  it('sends direction, invite e-mail, tags, notifications and comment, and outputs the new recording', async () => {
    const created = serviceRecording({
      status: 'NEW',
      notifications: [{ type: 'EMAIL', value: 'team@example.com' }],
      externalReference: undefined,
    });
    restApi()
      .post(`${REST_PATH}/recordings`, {
        direction: 'REQUEST',
        email: 'ana@example.com',
        tags: ['support'],
        notifications: [{ type: 'EMAIL', value: 'team@example.com' }],
        comment: 'Escalated by Tom',
      })
      .reply(201, created);

    const result = await runWithRest(requestRecording, {
      inputData: {
        direction: 'REQUEST',
        email: ' ana@example.com ',
        tags: ['support'],
        notificationEmails: ['team@example.com', ''],
        comment: 'Escalated by Tom',
      },
    });

    expect(result).toEqual({ ...created, externalReference: null });
  });

  it('sends only the direction when nothing else is filled in', async () => {
    restApi()
      .post(`${REST_PATH}/recordings`, { direction: 'RESPONSE' })
      .reply(201, serviceRecording({ direction: 'RESPONSE', status: 'NEW' }));

    const result = await runWithRest(requestRecording, { inputData: { direction: 'RESPONSE', email: '', comment: '' } });

    expect(result).toMatchObject({ direction: 'RESPONSE', status: 'NEW' });
  });

  it('names a malformed e-mail by its field label before sending anything', async () => {
    const error = await zapierFailure(runWithRest(requestRecording, { inputData: { direction: 'REQUEST', email: 'ana-at-example' } }));

    expect(error).toEqual(
      appError('INVALID_INPUT', invalidInputMessage('"Invite Email": must be an e-mail address such as ana@example.com')),
    );
  });

  it("names the row of a malformed notification e-mail as the user sees it, not core's path", async () => {
    const error = await zapierFailure(
      runWithRest(requestRecording, {
        inputData: { direction: 'REQUEST', notificationEmails: ['team@example.com', 'nobody'] },
      }),
    );

    expect(error).toEqual(
      appError('INVALID_INPUT', invalidInputMessage('"Notification Emails" (entry 2): must be an e-mail address such as ana@example.com')),
    );
  });
});

describe('Update Recording', () => {
  it('replaces the tags and the comment, and outputs the updated recording', async () => {
    const updated = serviceRecording({ tags: ['support', 'resolved'], comment: 'Fixed in 4.2' });
    restApi()
      .put(`${REST_PATH}/recordings/${RECORDING_ID}`, { tags: ['support', 'resolved'], comment: 'Fixed in 4.2' })
      .reply(202, updated);

    const result = await runWithRest(updateRecording, {
      inputData: { recordingId: RECORDING_ID, tags: ['support', 'resolved'], comment: 'Fixed in 4.2' },
    });

    expect(result).toEqual(updated);
  });

  it('leaves the tags alone when only a comment is given', async () => {
    restApi()
      .put(`${REST_PATH}/recordings/${RECORDING_ID}`, { comment: 'Seen' })
      .reply(202, serviceRecording({ comment: 'Seen' }));

    await expect(runWithRest(updateRecording, { inputData: { recordingId: RECORDING_ID, comment: 'Seen' } })).resolves.toMatchObject({
      comment: 'Seen',
    });
  });

  it('refuses an update with nothing to change, sending nothing', async () => {
    await expect(
      zapierFailure(runWithRest(updateRecording, { inputData: { recordingId: RECORDING_ID, tags: [''], clearTags: false } })),
    ).resolves.toEqual(appError('INVALID_INPUT', NOTHING_TO_UPDATE_MESSAGE));
  });

  it.each([
    ['a boolean', true],
    ['the text of a mapped value', 'True'],
  ])('removes every tag when Remove All Tags is %s', async (_kind, clearTags) => {
    restApi()
      .put(`${REST_PATH}/recordings/${RECORDING_ID}`, { tags: [] })
      .reply(202, serviceRecording({ tags: [] }));

    // A mapped value arrives as text, whatever the field's type says.
    const inputData = { recordingId: RECORDING_ID, clearTags: clearTags as boolean };
    await expect(runWithRest(updateRecording, { inputData })).resolves.toMatchObject({ tags: [] });
  });

  it('refuses Tags together with Remove All Tags', async () => {
    await expect(
      zapierFailure(runWithRest(updateRecording, { inputData: { recordingId: RECORDING_ID, tags: ['resolved'], clearTags: true } })),
    ).resolves.toEqual(appError('INVALID_INPUT', TAGS_WITH_REMOVE_ALL_TAGS_MESSAGE));
  });

  it('reports an unknown recording as NOT_FOUND', async () => {
    restApi().put(`${REST_PATH}/recordings/${RECORDING_ID}`, { comment: 'x' }).reply(404, { message: 'Not found' });

    await expect(zapierFailure(runWithRest(updateRecording, { inputData: { recordingId: RECORDING_ID, comment: 'x' } }))).resolves.toEqual(
      appError('NOT_FOUND', NOT_FOUND_RECORDING, 404),
    );
  });
});

describe('Delete Recording', () => {
  it('reads the recording, deletes it, and confirms what was deleted', async () => {
    idsLookup(RECORDING_ID).reply(200, page([serviceRecording()]));
    restApi().delete(`${REST_PATH}/recordings/${RECORDING_ID}`).reply(204);

    await expect(runWithRest(deleteRecording, { inputData: { recordingId: RECORDING_ID } })).resolves.toEqual({
      ...serviceRecording(),
      deleted: true,
    });
  });

  it('reports an unknown recording as NOT_FOUND without sending the delete', async () => {
    idsLookup(RECORDING_ID).reply(200, page([]));

    await expect(zapierFailure(runWithRest(deleteRecording, { inputData: { recordingId: RECORDING_ID } }))).resolves.toEqual(
      appError('NOT_FOUND', NOT_FOUND_RECORDING),
    );
  });

  it('names a malformed recording ID before sending anything', async () => {
    await expect(zapierFailure(runWithRest(deleteRecording, { inputData: { recordingId: '42' } }))).resolves.toEqual(
      appError('INVALID_INPUT', invalidInputMessage('"Recording ID": must be a UUID such as 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c')),
    );
  });
});
