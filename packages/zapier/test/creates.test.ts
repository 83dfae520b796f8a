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
  HOOK_PATH,
  OTHER_RECORDING_ID,
  RECORDING_ID,
  REST_PATH,
  appTester,
  hookApi,
  hookAuth,
  page,
  restApi,
  restAuth,
  serviceRecording,
  useNock,
  zapierFailure,
  performOf,
} from './harness';

const requestRecording = performOf('creates', 'requestRecording');
const updateRecording = performOf('creates', 'updateRecording');
const deleteRecording = performOf('creates', 'deleteRecording');

useNock();

const PAGE_URL = `${BASE_URL}/r/${RECORDING_ID}`;

describe('Create Recording Link (hook RECORDING)', () => {
  const NEWEST_PAGE = { sortField: 'createdDate', sortOrder: 'Descending', first: 0, pageSize: 100 };

  it('without REST credentials sends the external reference and tags, and returns the page link with the input echoed', async () => {
    hookApi()
      .post(HOOK_PATH, { action: 'RECORDING', recording: { externalReference: 'ticket-4711', tags: ['support', 'vip'] } })
      .reply(200, { url: PAGE_URL });

    const result = await appTester(createRecording, {
      authData: hookAuth,
      inputData: { externalReference: ' ticket-4711 ', tags: ['support', '', ' vip ', 'support'] },
    });

    expect(result).toEqual({
      recordingId: null,
      id: null,
      status: null,
      url: PAGE_URL,
      externalReference: 'ticket-4711',
      tags: ['support', 'vip'],
      detailsError: null,
    });
  });

  it('sends no tags when none are given', async () => {
    hookApi()
      .post(HOOK_PATH, { action: 'RECORDING', recording: { externalReference: 'task-9' } })
      .reply(200, { url: PAGE_URL });

    await expect(appTester(createRecording, { authData: hookAuth, inputData: { externalReference: 'task-9' } })).resolves.toEqual({
      recordingId: null,
      id: null,
      status: null,
      url: PAGE_URL,
      externalReference: 'task-9',
      tags: [],
      detailsError: null,
    });
  });

  it('with REST credentials looks the new recording up among the newest (one list call) and returns its id and status', async () => {
    hookApi()
      .post(HOOK_PATH, { action: 'RECORDING', recording: { externalReference: 'ticket-4711' } })
      .reply(200, { url: PAGE_URL });
    const older = serviceRecording({ id: OTHER_RECORDING_ID, url: `${BASE_URL}/r/${OTHER_RECORDING_ID}` });
    restApi()
      .post(`${REST_PATH}/recordings/list`, NEWEST_PAGE)
      .reply(200, page([serviceRecording({ status: 'NEW', url: PAGE_URL }), older]));

    await expect(appTester(createRecording, { authData: restAuth, inputData: { externalReference: 'ticket-4711' } })).resolves.toEqual({
      recordingId: RECORDING_ID,
      // Find or Create Recording maps one field whether it found (a recording's `id`) or created.
      id: RECORDING_ID,
      status: 'NEW',
      url: PAGE_URL,
      externalReference: 'ticket-4711',
      tags: [],
      detailsError: null,
    });
  });

  it('still succeeds when the lookup fails after the create, and says why the id is missing (a retried step would create twice)', async () => {
    hookApi()
      .post(HOOK_PATH, { action: 'RECORDING', recording: { externalReference: 'ticket-4711' } })
      .reply(200, { url: PAGE_URL });
    restApi().post(`${REST_PATH}/recordings/list`, NEWEST_PAGE).reply(401, { message: 'Unauthorized' });

    const result = await appTester(createRecording, { authData: restAuth, inputData: { externalReference: 'ticket-4711' } });

    expect(result).toEqual({
      recordingId: null,
      id: null,
      status: null,
      url: PAGE_URL,
      externalReference: 'ticket-4711',
      tags: [],
      detailsError: createdIdLookupFailedMessage(UNAUTHORIZED_MESSAGE),
    });
  });

  it('says so when the new recording is not among the newest yet', async () => {
    hookApi()
      .post(HOOK_PATH, { action: 'RECORDING', recording: { externalReference: 'ticket-4711' } })
      .reply(200, { url: PAGE_URL });
    restApi().post(`${REST_PATH}/recordings/list`, NEWEST_PAGE).reply(200, page([]));

    await expect(
      appTester(createRecording, { authData: restAuth, inputData: { externalReference: 'ticket-4711' } }),
    ).resolves.toMatchObject({
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

    const result = await appTester(requestRecording, {
      authData: restAuth,
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

    const result = await appTester(requestRecording, { authData: restAuth, inputData: { direction: 'RESPONSE', email: '', comment: '' } });

    expect(result).toMatchObject({ direction: 'RESPONSE', status: 'NEW' });
  });

  it('names a malformed e-mail by its field label before sending anything', async () => {
    const error = await zapierFailure(
      appTester(requestRecording, { authData: restAuth, inputData: { direction: 'REQUEST', email: 'ana-at-example' } }),
    );

    expect(error).toEqual({
      name: 'AppError',
      code: 'INVALID_INPUT',
      message: invalidInputMessage('"Invite Email": must be an e-mail address such as ana@example.com'),
    });
  });

  it("names the row of a malformed notification e-mail as the user sees it, not core's path", async () => {
    const error = await zapierFailure(
      appTester(requestRecording, {
        authData: restAuth,
        inputData: { direction: 'REQUEST', notificationEmails: ['team@example.com', 'nobody'] },
      }),
    );

    expect(error).toEqual({
      name: 'AppError',
      code: 'INVALID_INPUT',
      message: invalidInputMessage('"Notification Emails" (entry 2): must be an e-mail address such as ana@example.com'),
    });
  });
});

describe('Update Recording', () => {
  it('replaces the tags and the comment, and outputs the updated recording', async () => {
    const updated = serviceRecording({ tags: ['support', 'resolved'], comment: 'Fixed in 4.2' });
    restApi()
      .put(`${REST_PATH}/recordings/${RECORDING_ID}`, { tags: ['support', 'resolved'], comment: 'Fixed in 4.2' })
      .reply(202, updated);

    const result = await appTester(updateRecording, {
      authData: restAuth,
      inputData: { recordingId: RECORDING_ID, tags: ['support', 'resolved'], comment: 'Fixed in 4.2' },
    });

    expect(result).toEqual(updated);
  });

  it('leaves the tags alone when only a comment is given', async () => {
    restApi()
      .put(`${REST_PATH}/recordings/${RECORDING_ID}`, { comment: 'Seen' })
      .reply(202, serviceRecording({ comment: 'Seen' }));

    await expect(
      appTester(updateRecording, { authData: restAuth, inputData: { recordingId: RECORDING_ID, comment: 'Seen' } }),
    ).resolves.toMatchObject({
      comment: 'Seen',
    });
  });

  it('refuses an update with nothing to change, sending nothing', async () => {
    await expect(
      zapierFailure(
        appTester(updateRecording, { authData: restAuth, inputData: { recordingId: RECORDING_ID, tags: [''], clearTags: false } }),
      ),
    ).resolves.toEqual({
      name: 'AppError',
      code: 'INVALID_INPUT',
      message: NOTHING_TO_UPDATE_MESSAGE,
    });
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
    await expect(appTester(updateRecording, { authData: restAuth, inputData })).resolves.toMatchObject({ tags: [] });
  });

  it('refuses Tags together with Remove All Tags', async () => {
    await expect(
      zapierFailure(
        appTester(updateRecording, { authData: restAuth, inputData: { recordingId: RECORDING_ID, tags: ['resolved'], clearTags: true } }),
      ),
    ).resolves.toEqual({ name: 'AppError', code: 'INVALID_INPUT', message: TAGS_WITH_REMOVE_ALL_TAGS_MESSAGE });
  });

  it('reports an unknown recording as NOT_FOUND', async () => {
    restApi().put(`${REST_PATH}/recordings/${RECORDING_ID}`, { comment: 'x' }).reply(404, { message: 'Not found' });

    await expect(
      zapierFailure(appTester(updateRecording, { authData: restAuth, inputData: { recordingId: RECORDING_ID, comment: 'x' } })),
    ).resolves.toEqual({
      name: 'AppError',
      code: 'NOT_FOUND',
      status: 404,
      message: NOT_FOUND_RECORDING,
    });
  });
});

describe('Delete Recording', () => {
  it('reads the recording, deletes it, and confirms what was deleted', async () => {
    restApi()
      .post(`${REST_PATH}/recordings/list`, { ids: [RECORDING_ID], pageSize: 1 })
      .reply(200, page([serviceRecording()]));
    restApi().delete(`${REST_PATH}/recordings/${RECORDING_ID}`).reply(204);

    await expect(appTester(deleteRecording, { authData: restAuth, inputData: { recordingId: RECORDING_ID } })).resolves.toEqual({
      ...serviceRecording(),
      deleted: true,
    });
  });

  it('reports an unknown recording as NOT_FOUND without sending the delete', async () => {
    restApi()
      .post(`${REST_PATH}/recordings/list`, { ids: [RECORDING_ID], pageSize: 1 })
      .reply(200, page([]));

    await expect(
      zapierFailure(appTester(deleteRecording, { authData: restAuth, inputData: { recordingId: RECORDING_ID } })),
    ).resolves.toEqual({
      name: 'AppError',
      code: 'NOT_FOUND',
      message: NOT_FOUND_RECORDING,
    });
  });

  it('names a malformed recording ID before sending anything', async () => {
    await expect(zapierFailure(appTester(deleteRecording, { authData: restAuth, inputData: { recordingId: '42' } }))).resolves.toEqual({
      name: 'AppError',
      code: 'INVALID_INPUT',
      message: invalidInputMessage('"Recording ID": must be a UUID such as 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c'),
    });
  });
});
