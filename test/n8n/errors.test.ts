import nock from 'nock';
import { MAX_ANSWER_BYTES, redirectMessage, responseTooLargeMessage } from '@screenrec/core';
import { NodeApiError, NodeOperationError, type INodeParameters } from 'n8n-workflow';
import { BASE_URL, RECORDING_ID, byId, runScreenRec } from './harness';
import { failureOf, hookScope, restPath, restScope, setUpNock } from './nock-setup';

setUpNock();

const NEW_BACKEND_TOKEN =
	'In the ScreenRec dashboard, press Setup on the n8n integration, paste the new backend token into the Backend Token field of the ScreenRec account credential, then run the node again.';
const RECONNECT = "Press Setup on the integration in the ScreenRec dashboard, copy the new backend token and reconnect.";

const CREATE: INodeParameters = { resource: 'recording', operation: 'create', externalReference: 'ticket-1' };
const REQUEST: INodeParameters = { resource: 'recording', operation: 'request', email: 'ana@example.com' };
const DELETE: INodeParameters = { resource: 'recording', operation: 'delete', recordingId: byId(RECORDING_ID) };

const hookAnswers = (status: number, body: object) => () =>
	hookScope({ action: 'RECORDING', recording: { externalReference: 'ticket-1' } }).reply(status, body);
const createAnswers = (status: number, body: object | string, headers: Record<string, string> = {}) => () =>
	restScope().post(restPath('/recordings'), { direction: 'REQUEST', email: 'ana@example.com' }).reply(status, body, headers);

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
		message: 'ScreenRec rejected the request as malformed (Bad request). Check the Service URL and the values you entered.',
		hint: `Check the Service URL in the ScreenRec account credential. ${NEW_BACKEND_TOKEN}`,
	},
	{
		code: 'FORBIDDEN (hook)',
		parameters: CREATE,
		answer: hookAnswers(403, { message: 'Forbidden' }),
		error: NodeApiError,
		httpCode: '403',
		message: `The backend token was rejected. ${RECONNECT}`,
		hint: NEW_BACKEND_TOKEN,
	},
	{
		code: 'INTEGRATION_ERROR',
		parameters: CREATE,
		answer: hookAnswers(424, { message: 'Integration error' }),
		error: NodeApiError,
		httpCode: '424',
		message: `ScreenRec has no active integration for this backend token: it is missing, was replaced by a newer Setup, or the integration was disconnected. ${RECONNECT}`,
		hint: NEW_BACKEND_TOKEN,
	},
	{
		code: 'NO_ACTIVE_SUBSCRIPTION',
		parameters: CREATE,
		answer: hookAnswers(200, { error: 'No active subscription.' }),
		error: NodeApiError,
		httpCode: null,
		message:
			'The ScreenRec workspace has no active subscription (it expired or was canceled). Renew it in the ScreenRec dashboard, then try again.',
		hint: 'Renew the workspace subscription in the ScreenRec dashboard; nothing needs to change in n8n.',
	},
	{
		code: 'INTEGRATION_NOT_CONNECTED',
		parameters: CREATE,
		answer: hookAnswers(200, { error: 'Integration not connected.' }),
		error: NodeApiError,
		httpCode: null,
		message: `The ScreenRec integration is not connected. ${RECONNECT}`,
		hint: NEW_BACKEND_TOKEN,
	},
	{
		code: 'SERVICE_ERROR (hook, 200)',
		parameters: CREATE,
		answer: hookAnswers(200, { error: 'Internal Server Error' }),
		error: NodeApiError,
		httpCode: null,
		message:
			'ScreenRec could not complete the request ("Internal Server Error"). Try again in a few minutes; if it keeps failing, check that the integration is still connected.',
		hint: 'The problem is on ScreenRec\'s side. Run the node again later, or turn on the node\'s "Retry On Fail" setting.',
	},
	{
		code: 'NOT_FOUND (hook)',
		parameters: CREATE,
		answer: hookAnswers(404, { message: 'Not found' }),
		error: NodeApiError,
		httpCode: '404',
		message: "Nothing answers at this Service URL's automation endpoint. Check the Service URL.",
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
		message: `Could not reach ScreenRec at ${BASE_URL} (ECONNREFUSED). Check the Service URL and that the service is running.`,
		hint: 'Check the Service URL in the ScreenRec account credential and that this n8n instance can reach it (proxy, firewall, DNS).',
	},
	{
		code: 'UNAUTHORIZED',
		parameters: REQUEST,
		answer: createAnswers(401, { message: 'Unauthorized' }),
		error: NodeApiError,
		httpCode: '401',
		message:
			"The API key was rejected: it is wrong, revoked or expired. Create a new key in the ScreenRec dashboard's API section and reconnect.",
		hint: "Create a new API key in the ScreenRec dashboard's API section and paste it into the API Key field of the ScreenRec account credential.",
	},
	{
		code: 'FORBIDDEN (REST)',
		parameters: REQUEST,
		answer: createAnswers(403, { message: 'Forbidden' }),
		error: NodeApiError,
		httpCode: '403',
		message:
			"This API key may not use this workspace: API access is off for the workspace, or the key belongs to another workspace. Turn API access on in the dashboard's API section, or check the workspace ID.",
		hint: "In the ScreenRec dashboard's API section, turn API access on for the workspace, and check that the Workspace ID in the ScreenRec account credential is the key's workspace.",
	},
	{
		code: 'NOT_FOUND (REST)',
		parameters: DELETE,
		answer: () => restScope().delete(restPath(`/recordings/${RECORDING_ID}`)).reply(404, { message: 'Not found' }),
		error: NodeApiError,
		httpCode: '404',
		message: 'ScreenRec has no recording with this ID in the workspace. Check the recording ID (and the workspace ID of the connection).',
		hint: 'Check the Recording ID (pick it From List, or take it from Get Many or a ScreenRec trigger) and that the ScreenRec account credential is for the workspace that owns the recording.',
	},
	{
		code: 'VALIDATION',
		parameters: REQUEST,
		answer: createAnswers(400, { message: 'Bad request', errors: [{ path: 'email', message: 'is not deliverable' }] }),
		error: NodeApiError,
		httpCode: '400',
		message: 'ScreenRec rejected the values sent (`email`: is not deliverable). Correct them and try again.',
		hint: 'Correct the fields named in the message and run the node again.',
	},
	{
		code: 'RATE_LIMITED',
		parameters: REQUEST,
		answer: createAnswers(429, { message: 'Too many requests' }, { 'retry-after': '30' }),
		error: NodeApiError,
		httpCode: '429',
		message: 'ScreenRec is receiving too many requests. Wait 30 s and try again.',
		hint: 'Send fewer requests at once: process items in smaller batches (Loop Over Items with a Wait node), or turn on "Retry On Fail" with a wait between tries.',
	},
	{
		code: 'SERVICE_ERROR (REST, 5xx)',
		parameters: REQUEST,
		answer: createAnswers(502, 'Bad Gateway'),
		error: NodeApiError,
		httpCode: '502',
		message: 'ScreenRec had a server error (HTTP 502). Try again in a few minutes.',
		hint: 'The problem is on ScreenRec\'s side. Run the node again later, or turn on the node\'s "Retry On Fail" setting.',
	},
	{
		code: 'UNEXPECTED_RESPONSE',
		parameters: REQUEST,
		answer: createAnswers(201, '<html>Welcome</html>'),
		error: NodeApiError,
		httpCode: null,
		message:
			'ScreenRec answered in a form this connector does not understand (HTTP 201: Invalid input: expected object, received undefined). Check that the Service URL points at ScreenRec.',
		hint: "Check that the Service URL in the ScreenRec account credential is the ScreenRec service's address, not a web page or a proxy in front of it.",
	},
	{
		code: 'UNEXPECTED_RESPONSE (a redirect is not followed: the API key never reaches the other host)',
		parameters: DELETE,
		answer: () => restScope().delete(restPath(`/recordings/${RECORDING_ID}`)).reply(302, '', { location: 'https://elsewhere.example/steal' }),
		error: NodeApiError,
		message: redirectMessage(302),
		hint: "Check that the Service URL in the ScreenRec account credential is the ScreenRec service's address, not a web page or a proxy in front of it.",
	},
	{
		code: 'RESPONSE_TOO_LARGE',
		parameters: REQUEST,
		answer: createAnswers(201, 'x'.repeat(MAX_ANSWER_BYTES + 1)),
		error: NodeApiError,
		message: responseTooLargeMessage(BASE_URL),
		hint: "Check that the Service URL in the ScreenRec account credential is the ScreenRec service's address; ScreenRec's answers are never this large.",
	},
	{
		code: 'INVALID_INPUT',
		parameters: { ...DELETE, recordingId: byId('recording-7') },
		answer: () => undefined,
		error: NodeOperationError,
		message: 'Invalid input: `recordingId`: must be a UUID such as 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c. Nothing was sent to ScreenRec.',
		hint: 'Correct the fields named in the message and run the node again. Nothing was sent to ScreenRec.',
	},
];

describe.each(ROWS)('$code', ({ parameters, answer, error: errorClass, httpCode, message, hint }) => {
	it('fails the node with core\'s message and a hint that says what to change', async () => {
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
	expect(error.message).toBe('Invalid input: `email`: must be an e-mail address such as ana@example.com. Nothing was sent to ScreenRec.');
	expect(nock.pendingMocks()).toEqual([]);
});

it('an idempotent call is retried after a server error before it succeeds', async () => {
	restScope().delete(restPath(`/recordings/${RECORDING_ID}`)).reply(503, 'busy');
	restScope().delete(restPath(`/recordings/${RECORDING_ID}`)).reply(204);
	expect(await runScreenRec(DELETE)).toEqual([{ json: { recordingId: RECORDING_ID, deleted: true }, pairedItem: { item: 0 } }]);
});
