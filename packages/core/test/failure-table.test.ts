import { videoHostFailure } from 'screenrec';
import { RECORDING_ID, failureOf, hookClient, restClient, sleeps } from './fixtures';
import { hookScope, restPath, restScope, setUpNock } from './nock-setup';

/**
 * Core's one failure table, status by status, through both clients. The sentences are written out here on purpose:
 * this is the one suite that pins their wording; every other suite imports them from core.
 */
setUpNock();

const reconnect = 'Press Setup on the integration in the ScreenRec dashboard, copy the new backend token and reconnect.';
const checkAddress = 'Check the Service URL and the values you entered.';
const noRetries = { maxRetries: 0 };

describe('hook answers (POST /public/webhooks/{provider})', () => {
  it.each([
    ['400 on PING', 'PING', 400, 'BAD_REQUEST', `ScreenRec says this integration was disconnected or no longer exists. ${reconnect}`],
    ['400 on RECORDING', 'RECORDING', 400, 'BAD_REQUEST', `ScreenRec rejected the request as malformed (Bad request). ${checkAddress}`],
    ['401', 'PING', 401, 'BAD_REQUEST', `ScreenRec refused the request (HTTP 401). ${checkAddress}`],
    ['403', 'PING', 403, 'FORBIDDEN', `The backend token was rejected. ${reconnect}`],
    ['404', 'CALLBACK_UNSUBSCRIBE', 404, 'NOT_FOUND', "Nothing answers at this Service URL's automation endpoint. Check the Service URL."],
    ['418 (any other 4xx)', 'RECORDING', 418, 'BAD_REQUEST', `ScreenRec refused the request (HTTP 418). ${checkAddress}`],
    [
      '424',
      'CALLBACK_SUBSCRIBE',
      424,
      'INTEGRATION_ERROR',
      `ScreenRec has no active integration for this backend token: it is missing, was replaced by a newer Setup, or the integration was disconnected. ${reconnect}`,
    ],
    ['429 without Retry-After', 'PING', 429, 'RATE_LIMITED', 'ScreenRec is receiving too many requests. Wait a moment and try again.'],
    ['500', 'PING', 500, 'SERVICE_ERROR', 'ScreenRec had a server error (HTTP 500). Try again in a few minutes.'],
    ['503', 'RECORDING', 503, 'SERVICE_ERROR', 'ScreenRec had a server error (HTTP 503). Try again in a few minutes.'],
  ] as const)('%s', async (_row, action, status, code, message) => {
    hookScope().reply(status, { message: 'whatever the service says' });
    const error = await failureOf(hookCall(action));
    expect({ code: error.code, status: error.status, message: error.message }).toEqual({ code, status, message });
  });

  it.each([
    [
      'No active subscription.',
      'RECORDING',
      'NO_ACTIVE_SUBSCRIPTION',
      'The ScreenRec workspace has no active subscription (it expired or was canceled). Renew it in the ScreenRec dashboard, then try again.',
    ],
    [
      'Integration not connected.',
      'CALLBACK_SUBSCRIBE',
      'INTEGRATION_NOT_CONNECTED',
      `The ScreenRec integration is not connected. ${reconnect}`,
    ],
    [
      'Internal Server Error',
      'RECORDING',
      'SERVICE_ERROR',
      'ScreenRec could not complete the request ("Internal Server Error"). Try again in a few minutes; if it keeps failing, check that the integration is still connected.',
    ],
    [
      'Internal Server Error',
      'CALLBACK_UNSUBSCRIBE',
      'SERVICE_ERROR',
      'ScreenRec could not remove this subscription ("Internal Server Error"): it may already be gone, or the integration was disconnected.',
    ],
  ] as const)('200 with error "%s" on %s is %s', async (text, action, code, message) => {
    hookScope().once().reply(200, { error: text });
    expect(await failureOf(hookCall(action))).toMatchObject({ code, status: 200, message });
  });
});

describe('REST answers (/public/integration/{workspaceId}/…)', () => {
  it.each([
    [400, 'VALIDATION', 'ScreenRec rejected the values sent (`tags.0`: Expected string). Correct them and try again.'],
    [
      401,
      'UNAUTHORIZED',
      "The API key was rejected: it is wrong, revoked or expired. Create a new key in the ScreenRec dashboard's API section and reconnect.",
    ],
    [
      403,
      'FORBIDDEN',
      "This API key may not use this workspace: API access is off for the workspace, or the key belongs to another workspace. Turn API access on in the dashboard's API section, or check the workspace ID.",
    ],
    [409, 'VALIDATION', 'ScreenRec rejected the values sent (`tags.0`: Expected string). Correct them and try again.'],
    [424, 'VALIDATION', 'ScreenRec rejected the values sent (`tags.0`: Expected string). Correct them and try again.'],
    [429, 'RATE_LIMITED', 'ScreenRec is receiving too many requests. Wait a moment and try again.'],
    [500, 'SERVICE_ERROR', 'ScreenRec had a server error (HTTP 500). Try again in a few minutes.'],
  ] as const)('HTTP %i is %s', async (status, code, message) => {
    restScope()
      .put(restPath(`/recordings/${RECORDING_ID}`))
      .reply(status, { message: 'Bad request', errors: [{ path: 'tags.0', message: 'Expected string' }] });
    const error = await failureOf(restClient(noRetries).updateRecording(RECORDING_ID, { tags: ['x'] }));
    expect({ code: error.code, status: error.status, message: error.message }).toEqual({ code, status, message });
    expect(sleeps).toEqual([]);
  });

  it('a 4xx without a readable body names its status', async () => {
    restScope()
      .put(restPath(`/recordings/${RECORDING_ID}`))
      .reply(422, '<html>nope</html>');
    expect(await failureOf(restClient().updateRecording(RECORDING_ID, { comment: 'x' }))).toMatchObject({
      code: 'VALIDATION',
      message: 'ScreenRec rejected the values sent (HTTP 422). Correct them and try again.',
      fieldErrors: [],
    });
  });

  const noWorkspace =
    "ScreenRec has no workspace with this Workspace ID at this Service URL. Check both in the connection (the Workspace ID is shown in the dashboard's API section).";
  const noRecording =
    'ScreenRec has no recording with this ID in the workspace. Check the recording ID (and the workspace ID of the connection).';
  const noVideo =
    'ScreenRec has no video for this recording: the recording does not exist in this workspace, or it has not been recorded yet.';

  it.each([
    ['listing', 'post', '/recordings/list', () => restClient().listRecordings(), noWorkspace],
    ['getting one recording', 'post', '/recordings/list', () => restClient().getRecording(RECORDING_ID), noWorkspace],
    ['creating', 'post', '/recordings', () => restClient().requestRecording({ direction: 'REQUEST' }), noWorkspace],
    ['searching tags', 'get', '/recordings/tags?query=sup', () => restClient().searchTags('sup'), noWorkspace],
    ['updating', 'put', `/recordings/${RECORDING_ID}`, () => restClient().updateRecording(RECORDING_ID, { comment: 'x' }), noRecording],
    ['getting the video link', 'get', `/recordings/${RECORDING_ID}/presign`, () => restClient().getVideoUrl(RECORDING_ID), noVideo],
  ] as const)('a 404 when %s says what is missing', async (_doing, method, path, call, message) => {
    restScope()[method](restPath(path)).reply(404, { message: 'Not found' });
    expect(await failureOf(call())).toMatchObject({ code: 'NOT_FOUND', status: 404, message });
  });

  it.each([
    ['getting', () => restClient().getRecording(RECORDING_ID)],
    ['deleting', () => restClient().deleteRecording(RECORDING_ID)],
  ])(
    'an id the workspace does not have (an empty list) is NOT_FOUND for that recording when %s, and nothing is deleted',
    async (_doing, call) => {
      restScope().post(restPath('/recordings/list')).reply(200, { content: [], totalElements: 0, totalPages: 0 });
      expect(await failureOf(call())).toMatchObject({ code: 'NOT_FOUND', message: noRecording });
    },
  );

  it('a 404 on the DELETE itself (deleted meanwhile) is NOT_FOUND for that recording', async () => {
    restScope()
      .post(restPath('/recordings/list'))
      .reply(200, { content: [{ id: RECORDING_ID, status: 'NEW' }], totalElements: 1, totalPages: 1 });
    restScope()
      .delete(restPath(`/recordings/${RECORDING_ID}`))
      .reply(404, { message: 'Not found' });
    expect(await failureOf(restClient().deleteRecording(RECORDING_ID))).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      message: noRecording,
    });
  });
});

describe('redirects, on both interfaces', () => {
  const message = (status: number) =>
    `ScreenRec answered with a redirect (HTTP ${status}), which this connector does not follow. Check the Service URL: use the address the service is actually served at (https://…).`;

  it.each([301, 302, 307, 308])('HTTP %i is UNEXPECTED_RESPONSE and not followed', async (status) => {
    hookScope().reply(status, '', { location: 'https://elsewhere.example/' });
    restScope().post(restPath('/recordings/list')).reply(status, '', { location: 'https://elsewhere.example/' });
    expect(await failureOf(hookClient().ping())).toMatchObject({ code: 'UNEXPECTED_RESPONSE', status, message: message(status) });
    expect(await failureOf(restClient().listRecordings())).toMatchObject({ code: 'UNEXPECTED_RESPONSE', status, message: message(status) });
  });
});

describe("the video's storage host", () => {
  it.each([
    [
      302,
      'SERVICE_ERROR',
      "The video's storage answered with a redirect (HTTP 302), which is not followed. Get a fresh link to the video and try again.",
    ],
    [
      403,
      'SERVICE_ERROR',
      "The video's storage refused its temporary link (HTTP 403): the link has expired. Get a fresh link to the video and try again.",
    ],
    [
      404,
      'SERVICE_ERROR',
      "The video's storage answered HTTP 404 instead of the video. Try again in a few minutes; the video may not be available yet.",
    ],
    [
      503,
      'SERVICE_ERROR',
      "The video's storage answered HTTP 503 instead of the video. Try again in a few minutes; the video may not be available yet.",
    ],
  ] as const)('HTTP %i is %s', (status, code, message) => {
    expect(videoHostFailure(status)).toMatchObject({ code, status, message });
  });
});

function hookCall(action: 'PING' | 'RECORDING' | 'CALLBACK_SUBSCRIBE' | 'CALLBACK_UNSUBSCRIBE'): Promise<unknown> {
  const client = hookClient(noRetries);
  switch (action) {
    case 'PING':
      return client.ping();
    case 'RECORDING':
      return client.createRecordingLink({ externalReference: 'ticket-4711' });
    case 'CALLBACK_SUBSCRIBE':
      return client.subscribe('https://hooks.example/catch');
    case 'CALLBACK_UNSUBSCRIBE':
      return client.unsubscribe('a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d');
  }
}
