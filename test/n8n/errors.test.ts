import nock from 'nock';
import * as core from 'screenrec';
import { NodeApiError, NodeOperationError, type INodeParameters } from 'n8n-workflow';
import { N8N_HINT } from '../support/n8n-hints';
import { BASE_URL, RECORDING_ID, byId, runScreenRec } from './harness';
import { failureOf, hookScope, restPath, restScope, setUpNock } from './nock-setup';

setUpNock();

// Core's waits between retries pass at once, and no clock is faked: see retry-waits.ts.
jest.mock('../../packages/n8n-nodes-screenrec/lib/sleep', () =>
  jest.requireActual<typeof import('./retry-waits')>('./retry-waits').sleepWithRetryWaitsPassed(),
);

const CREATE: INodeParameters = { resource: 'recording', operation: 'create', externalReference: 'ticket-1' };
const REQUEST: INodeParameters = { resource: 'recording', operation: 'request', email: 'ana@example.com' };
const UPDATE: INodeParameters = {
  resource: 'recording',
  operation: 'update',
  recordingId: byId(RECORDING_ID),
  updateFields: { comment: 'Fixed' },
};

const hookAnswers = (status: number, body: object) => () =>
  hookScope({ action: 'RECORDING', recording: { externalReference: 'ticket-1' } }).reply(status, body);
const createAnswers =
  (status: number, body: object | string, headers: Record<string, string> = {}) =>
  () =>
    restScope().post(restPath('/recordings'), { direction: 'REQUEST', email: 'ana@example.com' }).reply(status, body, headers);

const updateAnswers = (status: number, body: object | string, headers: Record<string, string> = {}) =>
  restScope()
    .put(restPath(`/recordings/${RECORDING_ID}`), { comment: 'Fixed' })
    .reply(status, body, headers);

interface Row {
  code: string;
  parameters: INodeParameters;
  answer: () => unknown;
  error: typeof NodeApiError | typeof NodeOperationError;
  httpCode?: string | null;
  message: string;
  hint: string;
}

const ROWS: Row[] = [
  {
    code: 'BAD_REQUEST',
    parameters: CREATE,
    answer: hookAnswers(400, { message: 'Bad request' }),
    error: NodeApiError,
    httpCode: '400',
    message: 'ScreenRec rejected the request as malformed (Bad request).',
    hint: N8N_HINT.badHookRequest,
  },
  {
    code: 'FORBIDDEN (hook)',
    parameters: CREATE,
    answer: hookAnswers(403, { message: 'Forbidden' }),
    error: NodeApiError,
    httpCode: '403',
    message: 'The backend token was rejected.',
    hint: N8N_HINT.newBackendToken,
  },
  {
    code: 'INTEGRATION_ERROR',
    parameters: CREATE,
    answer: hookAnswers(424, { message: 'Integration error' }),
    error: NodeApiError,
    httpCode: '424',
    message:
      'ScreenRec has no active integration for this backend token: it is missing, was replaced by a newer Setup, or the integration was disconnected.',
    hint: N8N_HINT.newBackendToken,
  },
  {
    code: 'NO_ACTIVE_SUBSCRIPTION',
    parameters: CREATE,
    answer: hookAnswers(200, { error: 'No active subscription.' }),
    error: NodeApiError,
    httpCode: null,
    message: 'The ScreenRec workspace has no active subscription (it expired or was canceled).',
    hint: 'Renew the workspace subscription in the ScreenRec dashboard; nothing needs to change in n8n.',
  },
  {
    code: 'INTEGRATION_NOT_CONNECTED',
    parameters: CREATE,
    answer: hookAnswers(200, { error: 'Integration not connected.' }),
    error: NodeApiError,
    httpCode: null,
    message: 'The ScreenRec integration is not connected.',
    hint: N8N_HINT.newBackendToken,
  },
  {
    code: 'SERVICE_ERROR (hook, 200)',
    parameters: CREATE,
    answer: hookAnswers(200, { error: 'Internal Server Error' }),
    error: NodeApiError,
    httpCode: null,
    message: 'ScreenRec could not complete the request ("Internal Server Error").',
    hint: N8N_HINT.serviceSide,
  },
  {
    code: 'NOT_FOUND (hook)',
    parameters: CREATE,
    answer: hookAnswers(404, { message: 'Not found' }),
    error: NodeApiError,
    httpCode: '404',
    message: "Nothing answers at this Service URL's automation endpoint.",
    hint: 'Check the Service URL in the ScreenRec account credential: it is the address of the ScreenRec service, without a path.',
  },
  {
    code: 'NETWORK',
    parameters: CREATE,
    answer: () =>
      hookScope({ action: 'RECORDING', recording: { externalReference: 'ticket-1' } }).replyWithError(
        Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' }),
      ),
    error: NodeApiError,
    httpCode: null,
    message: `Could not reach ScreenRec at ${BASE_URL} (ECONNREFUSED).`,
    hint: 'Check the Service URL in the ScreenRec account credential and that this n8n instance can reach it (proxy, firewall, DNS).',
  },
  {
    code: 'UNAUTHORIZED',
    parameters: REQUEST,
    answer: createAnswers(401, { message: 'Unauthorized' }),
    error: NodeApiError,
    httpCode: '401',
    message: 'The API key was rejected: it is wrong, revoked or expired.',
    hint: N8N_HINT.newApiKey,
  },
  {
    code: 'FORBIDDEN (REST)',
    parameters: REQUEST,
    answer: createAnswers(403, { message: 'Forbidden' }),
    error: NodeApiError,
    httpCode: '403',
    message: 'This API key may not use this workspace: API access is off for the workspace, or the key belongs to another workspace.',
    hint: "In the ScreenRec dashboard's API section, turn API access on for the workspace, and check that the Workspace ID in the ScreenRec account credential is the key's workspace.",
  },
  {
    code: 'NOT_FOUND (REST)',
    parameters: UPDATE,
    answer: () => updateAnswers(404, { message: 'Not found' }),
    error: NodeApiError,
    httpCode: '404',
    message: 'ScreenRec has no recording with this ID in the workspace.',
    hint: 'Check the Recording ID (pick it From List, or take it from Get Many or a ScreenRec trigger) and that the ScreenRec account credential is for the workspace that owns the recording.',
  },
  {
    code: 'VALIDATION',
    parameters: REQUEST,
    answer: createAnswers(400, { message: 'Bad request', errors: [{ path: 'email', message: 'is not deliverable' }] }),
    error: NodeApiError,
    httpCode: '400',
    message: 'ScreenRec rejected the values sent (`email`: is not deliverable).',
    hint: N8N_HINT.fixFields,
  },
  {
    code: 'RATE_LIMITED',
    parameters: REQUEST,
    answer: createAnswers(429, { message: 'Too many requests' }, { 'retry-after': '30' }),
    error: NodeApiError,
    httpCode: '429',
    message: 'ScreenRec is receiving too many requests.',
    hint: 'Wait 30 s before running the node again, and send fewer requests at once: process items in smaller batches (Loop Over Items with a Wait node), or turn on "Retry On Fail" with a wait between tries.',
  },
  {
    code: 'SERVICE_ERROR (REST, 5xx)',
    parameters: REQUEST,
    answer: createAnswers(502, 'Bad Gateway'),
    error: NodeApiError,
    httpCode: '502',
    message: 'ScreenRec had a server error (HTTP 502).',
    hint: N8N_HINT.serviceSide,
  },
  {
    code: 'UNEXPECTED_RESPONSE',
    parameters: REQUEST,
    answer: createAnswers(201, '<html>Welcome</html>'),
    error: NodeApiError,
    httpCode: null,
    message:
      'ScreenRec answered in a form this connector does not understand (HTTP 201: Invalid input: expected object, received undefined).',
    hint: N8N_HINT.checkServiceAddress,
  },
  {
    code: 'UNEXPECTED_RESPONSE (a redirect is not followed: the API key never reaches the other host)',
    parameters: UPDATE,
    answer: () => updateAnswers(302, '', { location: 'https://elsewhere.example/steal' }),
    error: NodeApiError,
    httpCode: '302',
    message: 'ScreenRec answered with a redirect (HTTP 302), which this connector does not follow.',
    hint: N8N_HINT.checkServiceAddress,
  },
  {
    code: 'RESPONSE_TOO_LARGE',
    parameters: REQUEST,
    answer: createAnswers(201, 'x'.repeat(core.MAX_ANSWER_BYTES + 1)),
    error: NodeApiError,
    message: `ScreenRec at ${BASE_URL} sent an answer larger than 10 MiB, more than this connector reads.`,
    hint: "Check that the Service URL in the ScreenRec account credential is the ScreenRec service's address; ScreenRec's answers are never this large.",
  },
  {
    code: 'INVALID_INPUT',
    parameters: { ...UPDATE, recordingId: byId('recording-7') },
    answer: () => undefined,
    error: NodeOperationError,
    message: 'Invalid input: `recordingId`: must be a UUID such as 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c.',
    hint: `${N8N_HINT.fixFields} Nothing was sent to ScreenRec.`,
  },
];

describe.each(ROWS)('$code', ({ parameters, answer, error: errorClass, httpCode, message, hint }) => {
  it("fails the node with what happened, in core's words, and a hint that says what to change (the advice once)", async () => {
    answer();
    const error = await failureOf(() => runScreenRec(parameters));
    expect(error).toBeInstanceOf(errorClass);
    expect(error.message).toBe(message);
    expect(error.description).toBe(hint);
    expect(error.context).toMatchObject({ itemIndex: 0 });
    if (httpCode !== undefined) expect(error.httpCode).toBe(httpCode);
  });

  it('gives an {error} item with the same message under continueOnFail', async () => {
    answer();
    const output = await runScreenRec(parameters, { continueOnFail: true });
    expect(output).toEqual([{ json: { error: message }, pairedItem: { item: 0 } }]);
  });
});

it('an invalid e-mail address is refused before anything is sent', async () => {
  const error = await failureOf(() => runScreenRec({ ...REQUEST, email: 'ana@' }));
  expect(error).toBeInstanceOf(NodeOperationError);
  expect(error.message).toBe('Invalid input: `email`: must be an e-mail address such as ana@example.com.');
  expect(nock.pendingMocks()).toEqual([]);
});

it('an idempotent call is retried after a server error before it succeeds', async () => {
  updateAnswers(503, 'busy');
  updateAnswers(200, { id: RECORDING_ID, status: 'COMPLETED', tags: [], comment: 'Fixed' });
  expect(await runScreenRec(UPDATE)).toEqual([
    { json: { id: RECORDING_ID, status: 'COMPLETED', tags: [], comment: 'Fixed' }, pairedItem: { item: 0 } },
  ]);
});
