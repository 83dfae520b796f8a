import * as core from 'screenrec';
import nock from 'nock';
import { perform as createRecording } from '../src/creates/create-recording';
import { refusingUrl } from '@screenrec/test-support/loopback';
import {
  API_KEY,
  BACKEND_TOKEN,
  HOOK_PATH,
  REST_PATH,
  appTester,
  hookApi,
  hookAuth,
  restApi,
  restAuth,
  useNock,
  zapierFailure,
  performOf,
} from './harness';
import { timersLeftBy } from './timers-left';

const findTags = performOf('searches', 'searchTags');

useNock();

const recordingBody = { action: 'RECORDING', recording: { externalReference: 'ticket-4711' } };
const runCreate = () => appTester(createRecording, { authData: hookAuth, inputData: { externalReference: 'ticket-4711' } });

describe('hook errors as Zapier errors (Create Recording, sent once: never retried)', () => {
  it.each([
    [403, { message: 'Forbidden' }, { name: 'ExpiredAuthError', message: core.TOKEN_REJECTED_MESSAGE }],
    [424, { message: 'Integration error' }, { name: 'ExpiredAuthError', message: core.NO_INTEGRATION_MESSAGE }],
    [400, { message: 'Bad request' }, { name: 'AppError', code: 'BAD_REQUEST', status: 400, message: core.HOOK_MALFORMED_MESSAGE }],
    [500, { message: 'boom' }, { name: 'AppError', code: 'SERVICE_ERROR', status: 500, message: core.serverErrorMessage(500) }],
  ])('HTTP %i becomes %o', async (status, body, expected) => {
    hookApi().post(HOOK_PATH, recordingBody).reply(status, body);

    await expect(zapierFailure(runCreate())).resolves.toEqual(expected);
  });

  it.each([
    ['No active subscription.', 'NO_ACTIVE_SUBSCRIPTION', core.NO_ACTIVE_SUBSCRIPTION_MESSAGE],
    ['Integration not connected.', 'INTEGRATION_NOT_CONNECTED', core.INTEGRATION_NOT_CONNECTED_MESSAGE],
    ['Internal Server Error', 'SERVICE_ERROR', core.hookRefusedMessage('Internal Server Error')],
  ])('a 200 answer with error "%s" is never a success: %s', async (refusal, code, message) => {
    hookApi().post(HOOK_PATH, recordingBody).reply(200, { error: refusal });

    await expect(zapierFailure(runCreate())).resolves.toEqual({ name: 'AppError', code, status: 200, message });
  });

  it('429 becomes ThrottledError with the delay the service asked for, so Zapier retries later', async () => {
    hookApi().post(HOOK_PATH, recordingBody).reply(429, { message: 'Too many requests' }, { 'Retry-After': '120' });

    await expect(zapierFailure(runCreate())).resolves.toEqual({
      name: 'ThrottledError',
      message: core.rateLimitedMessage(120_000),
      delay: 120,
    });
  });

  it("an answer that is not ScreenRec's is UNEXPECTED_RESPONSE", async () => {
    hookApi().post(HOOK_PATH, recordingBody).reply(200, '<html>proxy login</html>', { 'Content-Type': 'text/html' });

    const error = await zapierFailure(runCreate());

    expect(error).toEqual({
      name: 'AppError',
      code: 'UNEXPECTED_RESPONSE',
      status: 200,
      message: core.unexpectedAnswerMessage(200, 'Invalid input: expected object, received undefined'),
    });
  });

  it('a network failure is NETWORK and names no secret', async () => {
    nock.enableNetConnect('127.0.0.1');
    const closedPort = await refusingUrl();

    const error = await zapierFailure(
      appTester(createRecording, { authData: { ...hookAuth, baseUrl: closedPort }, inputData: { externalReference: 'ticket-4711' } }),
      [BACKEND_TOKEN],
    );
    nock.disableNetConnect();

    expect(error).toMatchObject({ name: 'AppError', code: 'NETWORK' });
    expect(error.message).toBe(core.unreachableMessage(closedPort, 'ECONNREFUSED'));
  });

  it('bad input is INVALID_INPUT naming the field by its label, and nothing is sent', async () => {
    const error = await zapierFailure(appTester(createRecording, { authData: hookAuth, inputData: { externalReference: '  ' } }));

    expect(error).toEqual({
      name: 'AppError',
      code: 'INVALID_INPUT',
      message: core.invalidInputMessage('"External Reference": must not be empty'),
    });
  });
});

describe("through Zapier's request client, the transport keeps core's rules", () => {
  it('follows no redirect: the credential never goes to the other host, and the message names the status', async () => {
    hookApi().post(HOOK_PATH, recordingBody).reply(307, '', { Location: 'https://elsewhere.test/public/webhooks/ZAPIER' });

    const error = await zapierFailure(runCreate());

    expect(error).toEqual({ name: 'AppError', code: 'UNEXPECTED_RESPONSE', status: 307, message: core.redirectMessage(307) });
  });

  it('stops reading an answer past 10 MiB, with a clear error, and leaves no timer behind', async () => {
    restApi()
      .get(`${REST_PATH}/recordings/tags`)
      .query({ query: 'sup' })
      .reply(200, `{"result":["${'x'.repeat(11 * 1024 * 1024)}"]}`, { 'Content-Type': 'application/json' });

    const { outcome: error, timersLeft } = await timersLeftBy(() =>
      zapierFailure(appTester(findTags, { authData: restAuth, inputData: { query: 'sup' } })),
    );

    expect(error).toEqual({
      name: 'AppError',
      code: 'RESPONSE_TOO_LARGE',
      message: core.responseTooLargeMessage('https://screenrec.test'),
    });
    // A timer left running (node-fetch's own body timeout is never cleared after a failed read, set for the request's
    // 10 s) kept `zapier-platform test` from exiting after its run. The step's own timers are read the moment it has
    // failed, with no wait, so the verdict does not depend on the machine's speed: nock's timers fired before the answer
    // came (its size is the failure), and the transport clears its timeout before the failure reaches the step.
    expect(timersLeft).toEqual([]);
  });
});

describe('REST errors as Zapier errors (Find Tags)', () => {
  const runSearch = () => appTester(findTags, { authData: restAuth, inputData: { query: 'sup' } });

  it.each([
    [401, { name: 'ExpiredAuthError', message: core.UNAUTHORIZED_MESSAGE }],
    [403, { name: 'ExpiredAuthError', message: core.REST_FORBIDDEN_MESSAGE }],
    [404, { name: 'AppError', code: 'NOT_FOUND', status: 404, message: core.NOT_FOUND_WORKSPACE }],
  ])('HTTP %i becomes %o', async (status, expected) => {
    restApi().get(`${REST_PATH}/recordings/tags`).query({ query: 'sup' }).reply(status, { message: 'x' });

    await expect(zapierFailure(runSearch(), [API_KEY])).resolves.toEqual(expected);
  });

  it("400 is VALIDATION with the service's field messages, naming the field by its label", async () => {
    restApi()
      .get(`${REST_PATH}/recordings/tags`)
      .query({ query: 'sup' })
      .reply(400, { message: 'Bad request', errors: [{ path: 'query', message: 'too long' }] });

    await expect(zapierFailure(runSearch())).resolves.toEqual({
      name: 'AppError',
      code: 'VALIDATION',
      status: 400,
      message: core.restValidationMessage('"Tag Contains": too long'),
    });
  });

  it('a REST step without REST credentials says which connection fields to fill in', async () => {
    await expect(zapierFailure(appTester(findTags, { authData: hookAuth, inputData: { query: 'sup' } }))).resolves.toEqual({
      name: 'AppError',
      code: 'REST_NOT_CONFIGURED',
      message:
        'This step uses the ScreenRec REST API: reconnect ScreenRec and fill in the Workspace ID and the API Key (created in the ScreenRec dashboard, API section).',
    });
  });
});
