import { redirectMessage, responseTooLargeMessage } from '@screenrec/core';
import nock from 'nock';
import { perform as createRecording } from '../../packages/zapier/src/creates/create-recording';
import { perform as findTags } from '../../packages/zapier/src/searches/find-tags';
import { API_KEY, BACKEND_TOKEN, HOOK_PATH, REST_PATH, appTester, hookApi, hookAuth, restApi, restAuth, useNock, zapierError } from './harness';

useNock();

const RECONNECT = 'Press Setup on the integration in the ScreenRec dashboard, copy the new backend token and reconnect.';
const recordingBody = { action: 'RECORDING', recording: { externalReference: 'ticket-4711' } };
const runCreate = () => appTester(createRecording, { authData: hookAuth, inputData: { externalReference: 'ticket-4711' } });

describe('hook errors as Zapier errors (Create Recording, sent once: never retried)', () => {
  it.each([
    [403, { message: 'Forbidden' }, { name: 'ExpiredAuthError', message: `The backend token was rejected. ${RECONNECT}` }],
    [
      424,
      { message: 'Integration error' },
      {
        name: 'ExpiredAuthError',
        message: `ScreenRec has no active integration for this backend token: it is missing, was replaced by a newer Setup, or the integration was disconnected. ${RECONNECT}`,
      },
    ],
    [
      400,
      { message: 'Bad request' },
      {
        name: 'AppError',
        code: 'BAD_REQUEST',
        status: 400,
        message: 'ScreenRec rejected the request as malformed (Bad request). Check the Service URL and the values you entered.',
      },
    ],
    [
      500,
      { message: 'boom' },
      { name: 'AppError', code: 'SERVICE_ERROR', status: 500, message: 'ScreenRec had a server error (HTTP 500). Try again in a few minutes.' },
    ],
  ])('HTTP %i becomes %o', async (status, body, expected) => {
    hookApi().post(HOOK_PATH, recordingBody).reply(status, body);

    await expect(zapierError(runCreate())).resolves.toEqual(expected);
  });

  it.each([
    [
      'No active subscription.',
      'NO_ACTIVE_SUBSCRIPTION',
      'The ScreenRec workspace has no active subscription (it expired or was canceled). Renew it in the ScreenRec dashboard, then try again.',
    ],
    ['Integration not connected.', 'INTEGRATION_NOT_CONNECTED', `The ScreenRec integration is not connected. ${RECONNECT}`],
    [
      'Internal Server Error',
      'SERVICE_ERROR',
      'ScreenRec could not complete the request ("Internal Server Error"). Try again in a few minutes; if it keeps failing, check that the integration is still connected.',
    ],
  ])('a 200 answer with error "%s" is never a success: %s', async (refusal, code, message) => {
    hookApi().post(HOOK_PATH, recordingBody).reply(200, { error: refusal });

    await expect(zapierError(runCreate())).resolves.toEqual({ name: 'AppError', code, status: 200, message });
  });

  it('429 becomes ThrottledError with the delay the service asked for, so Zapier retries later', async () => {
    hookApi().post(HOOK_PATH, recordingBody).reply(429, { message: 'Too many requests' }, { 'Retry-After': '120' });

    await expect(zapierError(runCreate())).resolves.toEqual({
      name: 'ThrottledError',
      message: 'ScreenRec is receiving too many requests. Wait 120 s and try again.',
      delay: 120,
    });
  });

  it('an answer that is not ScreenRec\'s is UNEXPECTED_RESPONSE', async () => {
    hookApi().post(HOOK_PATH, recordingBody).reply(200, '<html>proxy login</html>', { 'Content-Type': 'text/html' });

    const error = await zapierError(runCreate());

    expect(error).toMatchObject({ name: 'AppError', code: 'UNEXPECTED_RESPONSE', status: 200 });
    expect(error.message).toContain('ScreenRec answered in a form this connector does not understand (HTTP 200');
  });

  it('a network failure is NETWORK and names no secret', async () => {
    nock.enableNetConnect('127.0.0.1');
    const closedPort = 'http://127.0.0.1:9';

    const error = await zapierError(
      appTester(createRecording, { authData: { ...hookAuth, baseUrl: closedPort }, inputData: { externalReference: 'ticket-4711' } }),
    );
    nock.disableNetConnect();

    expect(error).toMatchObject({ name: 'AppError', code: 'NETWORK' });
    expect(error.message).toBe('Could not reach ScreenRec at http://127.0.0.1:9 (ECONNREFUSED). Check the Service URL and that the service is running.');
    expect(JSON.stringify(error)).not.toContain(BACKEND_TOKEN);
  });

  it('bad input is INVALID_INPUT naming the field by its label, and nothing is sent', async () => {
    const error = await zapierError(appTester(createRecording, { authData: hookAuth, inputData: { externalReference: '  ' } }));

    expect(error).toEqual({
      name: 'AppError',
      code: 'INVALID_INPUT',
      message: 'Invalid input: "External Reference": must not be empty. Nothing was sent to ScreenRec.',
    });
  });
});

describe('through Zapier\'s request client, the transport keeps core\'s rules', () => {
  it('follows no redirect: the credential never goes to the other host, and the message names the status', async () => {
    hookApi().post(HOOK_PATH, recordingBody).reply(307, '', { Location: 'https://elsewhere.test/public/webhooks/ZAPIER' });

    const error = await zapierError(runCreate());

    expect(error).toEqual({ name: 'AppError', code: 'UNEXPECTED_RESPONSE', status: 307, message: redirectMessage(307) });
  });

  it('stops reading an answer past 10 MiB, with a clear error', async () => {
    restApi().get(`${REST_PATH}/recordings/tags`).query({ query: 'sup' }).reply(200, `{"result":["${'x'.repeat(11 * 1024 * 1024)}"]}`, { 'Content-Type': 'application/json' });

    const error = await zapierError(appTester(findTags, { authData: restAuth, inputData: { query: 'sup' } }));

    expect(error).toEqual({ name: 'AppError', code: 'RESPONSE_TOO_LARGE', message: responseTooLargeMessage('https://screenrec.test') });
  });
});

describe('REST errors as Zapier errors (Find Tags)', () => {
  const runSearch = () => appTester(findTags, { authData: restAuth, inputData: { query: 'sup' } });

  it.each([
    [
      401,
      {
        name: 'ExpiredAuthError',
        message: "The API key was rejected: it is wrong, revoked or expired. Create a new key in the ScreenRec dashboard's API section and reconnect.",
      },
    ],
    [
      403,
      {
        name: 'ExpiredAuthError',
        message:
          "This API key may not use this workspace: API access is off for the workspace, or the key belongs to another workspace. Turn API access on in the dashboard's API section, or check the workspace ID.",
      },
    ],
    [
      404,
      {
        name: 'AppError',
        code: 'NOT_FOUND',
        status: 404,
        message: 'ScreenRec has no recording with this ID in the workspace. Check the recording ID (and the workspace ID of the connection).',
      },
    ],
  ])('HTTP %i becomes %o', async (status, expected) => {
    restApi().get(`${REST_PATH}/recordings/tags`).query({ query: 'sup' }).reply(status, { message: 'x' });

    const error = await zapierError(runSearch());

    expect(error).toEqual(expected);
    expect(JSON.stringify(error)).not.toContain(API_KEY);
  });

  it('400 is VALIDATION with the service\'s field messages, naming the field by its label', async () => {
    restApi()
      .get(`${REST_PATH}/recordings/tags`)
      .query({ query: 'sup' })
      .reply(400, { message: 'Bad request', errors: [{ path: 'query', message: 'too long' }] });

    await expect(zapierError(runSearch())).resolves.toEqual({
      name: 'AppError',
      code: 'VALIDATION',
      status: 400,
      message: 'ScreenRec rejected the values sent ("Tag Contains": too long). Correct them and try again.',
    });
  });

  it('a REST step without REST credentials says which connection fields to fill in', async () => {
    await expect(zapierError(appTester(findTags, { authData: hookAuth, inputData: { query: 'sup' } }))).resolves.toEqual({
      name: 'AppError',
      code: 'REST_NOT_CONFIGURED',
      message:
        'This step uses the ScreenRec REST API: reconnect ScreenRec and fill in the Workspace ID and the API Key (created in the ScreenRec dashboard, API section).',
    });
  });
});
