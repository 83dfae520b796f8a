import { perform as createRecording } from '../../packages/zapier/src/creates/create-recording';
import { perform as deleteRecording } from '../../packages/zapier/src/creates/delete-recording';
import { perform as requestRecording } from '../../packages/zapier/src/creates/request-recording';
import { perform as updateRecording } from '../../packages/zapier/src/creates/update-recording';
import { BASE_URL, HOOK_PATH, RECORDING_ID, REST_PATH, appTester, hookApi, hookAuth, page, restApi, restAuth, serviceRecording, useNock, zapierError } from './harness';

useNock();

const PAGE_URL = `${BASE_URL}/r/${RECORDING_ID}`;

describe('Create Recording (hook RECORDING)', () => {
  it('sends the external reference and tags, and returns the page URL with the input echoed', async () => {
    hookApi()
      .post(HOOK_PATH, { action: 'RECORDING', recording: { externalReference: 'ticket-4711', tags: ['support', 'vip'] } })
      .reply(200, { url: PAGE_URL });

    const result = await appTester(createRecording, {
      authData: hookAuth,
      inputData: { externalReference: ' ticket-4711 ', tags: ['support', '', 'vip'] },
    });

    expect(result).toEqual({ url: PAGE_URL, externalReference: 'ticket-4711', tags: ['support', 'vip'] });
  });

  it('sends no tags when none are given', async () => {
    hookApi().post(HOOK_PATH, { action: 'RECORDING', recording: { externalReference: 'task-9' } }).reply(200, { url: PAGE_URL });

    await expect(appTester(createRecording, { authData: hookAuth, inputData: { externalReference: 'task-9' } })).resolves.toEqual({
      url: PAGE_URL,
      externalReference: 'task-9',
      tags: [],
    });
  });
});

describe('Request Recording (REST create)', () => {
  it('sends direction, invite e-mail, tags, notifications and comment, and outputs the new recording', async () => {
    const created = serviceRecording({ status: 'NEW', notifications: [{ type: 'EMAIL', value: 'team@example.com' }], externalReference: undefined });
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
    restApi().post(`${REST_PATH}/recordings`, { direction: 'RESPONSE' }).reply(201, serviceRecording({ direction: 'RESPONSE', status: 'NEW' }));

    const result = await appTester(requestRecording, { authData: restAuth, inputData: { direction: 'RESPONSE', email: '', comment: '' } });

    expect(result).toMatchObject({ direction: 'RESPONSE', status: 'NEW' });
  });

  it('names a malformed e-mail before sending anything', async () => {
    const error = await zapierError(appTester(requestRecording, { authData: restAuth, inputData: { direction: 'REQUEST', email: 'ana-at-example' } }));

    expect(error).toEqual({
      name: 'AppError',
      code: 'INVALID_INPUT',
      message: 'Invalid input: `email`: must be an e-mail address such as ana@example.com. Nothing was sent to ScreenRec.',
    });
  });
});

describe('Update Recording', () => {
  it('replaces the tags and the comment, and outputs the updated recording', async () => {
    const updated = serviceRecording({ tags: ['support', 'resolved'], comment: 'Fixed in 4.2' });
    restApi().put(`${REST_PATH}/recordings/${RECORDING_ID}`, { tags: ['support', 'resolved'], comment: 'Fixed in 4.2' }).reply(202, updated);

    const result = await appTester(updateRecording, {
      authData: restAuth,
      inputData: { recordingId: RECORDING_ID, tags: ['support', 'resolved'], comment: 'Fixed in 4.2' },
    });

    expect(result).toEqual(updated);
  });

  it('leaves the tags alone when only a comment is given', async () => {
    restApi().put(`${REST_PATH}/recordings/${RECORDING_ID}`, { comment: 'Seen' }).reply(202, serviceRecording({ comment: 'Seen' }));

    await expect(appTester(updateRecording, { authData: restAuth, inputData: { recordingId: RECORDING_ID, comment: 'Seen' } })).resolves.toMatchObject({
      comment: 'Seen',
    });
  });

  it('refuses an update with nothing to change', async () => {
    await expect(zapierError(appTester(updateRecording, { authData: restAuth, inputData: { recordingId: RECORDING_ID, tags: [''] } }))).resolves.toEqual({
      name: 'AppError',
      code: 'INVALID_INPUT',
      message: 'Nothing to update: fill in Tags, Comment or both.',
    });
  });

  it('reports an unknown recording as NOT_FOUND', async () => {
    restApi().put(`${REST_PATH}/recordings/${RECORDING_ID}`, { comment: 'x' }).reply(404, { message: 'Not found' });

    await expect(zapierError(appTester(updateRecording, { authData: restAuth, inputData: { recordingId: RECORDING_ID, comment: 'x' } }))).resolves.toEqual({
      name: 'AppError',
      code: 'NOT_FOUND',
      status: 404,
      message: 'ScreenRec has no recording with this ID in the workspace. Check the recording ID (and the workspace ID of the connection).',
    });
  });
});

describe('Delete Recording', () => {
  it('reads the recording, deletes it, and confirms what was deleted', async () => {
    restApi().post(`${REST_PATH}/recordings/list`, { ids: [RECORDING_ID], pageSize: 1 }).reply(200, page([serviceRecording()]));
    restApi().delete(`${REST_PATH}/recordings/${RECORDING_ID}`).reply(204);

    await expect(appTester(deleteRecording, { authData: restAuth, inputData: { recordingId: RECORDING_ID } })).resolves.toEqual({
      ...serviceRecording(),
      deleted: true,
    });
  });

  it('reports an unknown recording as NOT_FOUND', async () => {
    restApi().post(`${REST_PATH}/recordings/list`, { ids: [RECORDING_ID], pageSize: 1 }).reply(200, page([]));
    restApi().delete(`${REST_PATH}/recordings/${RECORDING_ID}`).reply(404, { message: 'Not found' });

    await expect(zapierError(appTester(deleteRecording, { authData: restAuth, inputData: { recordingId: RECORDING_ID } }))).resolves.toMatchObject({
      name: 'AppError',
      code: 'NOT_FOUND',
      status: 404,
    });
  });

  it('names a malformed recording ID before sending anything', async () => {
    await expect(zapierError(appTester(deleteRecording, { authData: restAuth, inputData: { recordingId: '42' } }))).resolves.toEqual({
      name: 'AppError',
      code: 'INVALID_INPUT',
      message: 'Invalid input: `recordingId`: must be a UUID such as 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c. Nothing was sent to ScreenRec.',
    });
  });
});
