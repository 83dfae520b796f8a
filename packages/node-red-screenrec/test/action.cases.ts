import {
  NOT_FOUND_RECORDING,
  OPERATIONS,
  OPERATION_NAMES,
  exampleRecording,
  type CatalogueOperation,
  type OperationName,
  NOTHING_TO_UPDATE_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  deadlineMessage,
  HINT_CHECK_SERVICE,
  invalidInputMessage,
  serverErrorMessage,
  INTEGRATION_NOT_CONNECTED_MESSAGE,
  GET_WITH_BODY,
  NOT_FOUND_AT_PATH,
  PATH_FORM,
  nothingSentMessage,
  secretHeaderGivenMessage,
} from 'screenrec';
import nock from 'nock';
import { createServer, type Server } from 'node:http';
import { missingFieldMessage } from '../src/connection/connection';
import { CONNECTION_FIELDS } from '../src/connection/fields';
import { listenOnLoopback, stopServer } from '@screenrec/test-support/loopback';
import { BASE_URL, RECORDING_ID, WORKSPACE_ID } from '@screenrec/test-support/sample-connection';
import { expectNoSecretsIn } from '@screenrec/test-support/secrets';
import { serviceMock } from '@screenrec/test-support/service-mock';
import { CONNECTION, OPERATIONS_WITH_CASES, caughtError, flowOf, loggedText, outcomeOf } from './flows';

const API_KEY = 'node-red-api-key-5f0c';
const BACKEND_TOKEN = 'node-red-backend-token-77a1';
const PAGE_URL = `${BASE_URL}/r/${RECORDING_ID}`;
const service = serviceMock({ baseUrl: BASE_URL, backendToken: BACKEND_TOKEN, apiKey: API_KEY, workspaceId: WORKSPACE_ID });
const recording = exampleRecording({ id: RECORDING_ID, url: PAGE_URL });
const page = (content: unknown[]) => ({ content, totalElements: content.length, totalPages: 1 });

import { runtime } from './nock-runtime';

/** Expects the Catch node's message: core's `message` for the answer and its `code`, the answer's status and body on it. */
function expectAnswerCaught(
  caught: Parameters<typeof caughtError>[0],
  expected: { message: string; code: string; statusCode: number; payload: unknown },
): void {
  expect(caughtError(caught)).toEqual({ message: expect.stringContaining(expected.message), code: expected.code });
  expect({ statusCode: caught?.statusCode, payload: caught?.payload }).toEqual({
    statusCode: expected.statusCode,
    payload: expected.payload,
  });
}

/**
 * What msg.operation may name, in the catalogue's order: every catalogue action Node-RED released a key for, but
 * those that are a node of their own (their key is the node's type: `screenrec-wait`).
 */
const MSG_OPERATIONS = OPERATION_NAMES.flatMap((name) => {
  const { kind, keys }: CatalogueOperation = OPERATIONS[name];
  return kind === 'action' && keys.nodeRed !== undefined && !keys.nodeRed.startsWith('screenrec-') ? [keys.nodeRed] : [];
});

/** One operation's case, titled by the name Node-RED shows for it; test/behaviour/node-red-nock.test.ts requires one for each operation. */
function operationCase(operation: OperationName, what: string, run: () => Promise<void>): void {
  OPERATIONS_WITH_CASES.add(operation);
  it(`${OPERATIONS[operation].name}: ${what}`, run);
}

/** The action node in a Node-RED runtime, against nock (run by test/behaviour/node-red-nock.test.ts, which starts the runtime once). */
export function actionCases(): void {
  const CREDENTIALS = { [CONNECTION]: { apiKey: API_KEY, backendToken: BACKEND_TOKEN } };
  const connection = { serviceUrl: BASE_URL, workspaceId: WORKSPACE_ID, integration: 'N8N' };

  async function deployAction(properties: Record<string, unknown>, credentials: Record<string, Record<string, string>> = CREDENTIALS) {
    await runtime().deploy(flowOf({ type: 'screenrec', timeout: 5, ...properties }, connection), credentials);
  }

  describe('the action node sends each operation as the service API has it and puts the answer in msg.payload', () => {
    operationCase('createRecordingLink', 'the hook RECORDING, then the new recording looked up by its page link', async () => {
      service
        .hookScope('N8N', { action: 'RECORDING', recording: { externalReference: 'ticket-9', tags: ['a', 'b'] } })
        .reply(200, { url: PAGE_URL });
      service
        .restScope()
        .post(service.restPath('/recordings/list'), { sortField: 'createdDate', sortOrder: 'Descending', first: 0, pageSize: 100 })
        .reply(200, page([{ ...recording, status: 'NEW' }]));
      await deployAction({ operation: 'create', externalReference: 'ticket-9', tags: 'a, b' });
      const { out } = await outcomeOf({ payload: 'go', topic: 'kept' });
      expect(out?.topic).toBe('kept');
      expect(out?.payload).toEqual({
        recordingId: RECORDING_ID,
        status: 'NEW',
        detailsError: null,
        url: PAGE_URL,
        externalReference: 'ticket-9',
        tags: ['a', 'b'],
      });
    });

    operationCase('requestRecording', 'one POST of the recording with the fields given, from the editor and msg.payload', async () => {
      service
        .restScope()
        .post(service.restPath('/recordings'), {
          direction: 'RESPONSE',
          email: 'ana@example.com',
          comment: 'from the message',
          tags: ['x'],
          notifications: [{ type: 'EMAIL', value: 'team@example.com' }],
        })
        .reply(201, recording);
      await deployAction({
        operation: 'request',
        direction: 'RESPONSE',
        email: 'ana@example.com',
        tags: 'x',
        notificationEmails: 'team@example.com',
      });
      const { out } = await outcomeOf({ payload: { comment: 'from the message' } });
      expect(out?.payload).toEqual(recording);
    });

    operationCase(
      'getRecording',
      'a list call filtered by the ID, taken from msg.payload.id (a recording as the node outputs it)',
      async () => {
        service
          .restScope()
          .post(service.restPath('/recordings/list'), { ids: [RECORDING_ID], pageSize: 1 })
          .reply(200, page([recording]));
        await deployAction({ operation: 'get' });
        const { out } = await outcomeOf({ payload: { id: RECORDING_ID } });
        expect(out?.payload).toEqual(recording);
      },
    );

    operationCase('findRecordings', 'every filter sent, newest first, cut to Limit', async () => {
      service
        .restScope()
        .post(service.restPath('/recordings/list'), {
          statuses: ['COMPLETED', 'NEW'],
          tags: ['support'],
          createdDateFrom: '2026-11-01',
          sortField: 'createdDate',
          sortOrder: 'Descending',
          first: 0,
          pageSize: 1,
        })
        .reply(200, { content: [recording], totalElements: 2, totalPages: 2 });
      await deployAction({ operation: 'getAll', limit: 1, statuses: ['COMPLETED', 'NEW'], tags: 'support', createdDateFrom: '2026-11-01' });
      const { out } = await outcomeOf({});
      expect(out?.payload).toEqual([recording]);
    });

    operationCase('getVideoUrl', 'the presign call', async () => {
      const videoUrl = `${BASE_URL}/videos/${RECORDING_ID}?signature=abc`;
      service
        .restScope()
        .get(service.restPath(`/recordings/${RECORDING_ID}/presign`))
        .reply(200, { url: videoUrl });
      await deployAction({ operation: 'getVideoUrl', recordingId: RECORDING_ID });
      expect((await outcomeOf({})).out?.payload).toEqual({ recordingId: RECORDING_ID, videoUrl });
    });

    operationCase('updateRecording', 'a PUT of the changes', async () => {
      service
        .restScope()
        .put(service.restPath(`/recordings/${RECORDING_ID}`), { tags: ['new'] })
        .reply(200, { ...recording, tags: ['new'] });
      await deployAction({ operation: 'update', recordingId: RECORDING_ID, tags: 'new' });
      expect((await outcomeOf({})).out?.payload).toEqual({ ...recording, tags: ['new'] });
    });

    operationCase('deleteRecording', 'read first, then DELETE, and output what was deleted', async () => {
      service
        .restScope()
        .post(service.restPath('/recordings/list'), { ids: [RECORDING_ID], pageSize: 1 })
        .reply(200, page([recording]));
      service
        .restScope()
        .delete(service.restPath(`/recordings/${RECORDING_ID}`))
        .reply(204);
      await deployAction({ operation: 'delete', recordingId: RECORDING_ID });
      expect((await outcomeOf({})).out?.payload).toEqual({ ...recording, deleted: true });
    });

    operationCase('searchTags', 'msg.operation chooses the operation over the editor, msg.payload.query the query', async () => {
      service
        .restScope()
        .get(service.restPath('/recordings/tags?query=onb'))
        .reply(200, { result: ['onboarding'] });
      await deployAction({ operation: 'get', recordingId: RECORDING_ID });
      expect((await outcomeOf({ operation: 'searchTags', payload: { query: 'onb' } })).out?.payload).toEqual(['onboarding']);
    });
  });

  describe('bad input stops the message with a clear error on the node and in the Catch node, sending nothing', () => {
    const cases: Array<[string, Record<string, unknown>, Record<string, unknown>, string]> = [
      [
        'a malformed msg.payload field',
        { operation: 'update', recordingId: RECORDING_ID },
        { payload: { tags: 42 } },
        invalidInputMessage('`msg.payload.tags` must be a list of texts, or one text of comma-separated values'),
      ],
      [
        'an unknown msg.operation',
        { operation: 'get' },
        { operation: 'explode', payload: {} },
        invalidInputMessage(`\`msg.operation\` must be one of ${MSG_OPERATIONS.join(', ')}`),
      ],
      [
        'a choice not offered',
        { operation: 'request' },
        { payload: { direction: 'SIDEWAYS' } },
        invalidInputMessage('`msg.payload.direction` must be one of REQUEST, RESPONSE'),
      ],
      [
        'a required field left empty',
        { operation: 'get' },
        { payload: 'not an object' },
        invalidInputMessage('`Recording ID` is required: fill it in, or set msg.payload.recordingId'),
      ],
      [
        "a value its catalogue input refuses, named by the message's property",
        { operation: 'request' },
        { payload: { email: 'not-an-address' } },
        invalidInputMessage('`msg.payload.email`: must be an e-mail address such as ana@example.com'),
      ],
      [
        'a list item refused, named by its place in the list',
        { operation: 'request', notificationEmails: 'team@example.com' },
        { payload: { notificationEmails: ['team@example.com', 'nobody'] } },
        invalidInputMessage('`msg.payload.notificationEmails.1`: must be an e-mail address such as ana@example.com'),
      ],
      [
        "a value from the editor refused, named by the field's label",
        { operation: 'get', recordingId: 'rec-1' },
        {},
        invalidInputMessage('`Recording ID`: must be a UUID such as 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c'),
      ],
      [
        'a number out of range',
        { operation: 'getAll' },
        { payload: { limit: 0 } },
        invalidInputMessage('`msg.payload.limit` must be a whole number of at least 1'),
      ],
      [
        'no connection chosen',
        { operation: 'getAll', connection: '' },
        {},
        invalidInputMessage('`Connection`: choose a ScreenRec connection in the node'),
      ],
      ['an update that changes nothing', { operation: 'update', recordingId: RECORDING_ID }, {}, NOTHING_TO_UPDATE_MESSAGE],
    ];
    it.each(cases)('%s', async (_name, properties, msg, message) => {
      await deployAction(properties);
      const { caught } = await outcomeOf(msg);
      expect(caughtError(caught)).toEqual({ message: expect.stringContaining(message), code: 'INVALID_INPUT' });
    });

    it('a missing credential names the field to fill', async () => {
      await deployAction({ operation: 'create', externalReference: 'ticket-1' }, { [CONNECTION]: { apiKey: API_KEY } });
      const { caught } = await outcomeOf({});
      const { label, whereToFind } = CONNECTION_FIELDS.backendToken;
      expect(caughtError(caught).message).toContain(missingFieldMessage('Create Recording Link', label, whereToFind));
    });

    it('an unknown recording: core NOT_FOUND message', async () => {
      service
        .restScope()
        .post(service.restPath('/recordings/list'), { ids: [RECORDING_ID], pageSize: 1 })
        .reply(200, page([]));
      await deployAction({ operation: 'get', recordingId: RECORDING_ID });
      expect(caughtError((await outcomeOf({})).caught)).toEqual({
        message: expect.stringContaining(NOT_FOUND_RECORDING),
        code: 'NOT_FOUND',
      });
    });

    it('a rejected API key: core UNAUTHORIZED message, and no secret in the message, the output or the log', async () => {
      service
        .restScope()
        .get(service.restPath('/recordings/tags?query=a'))
        .reply(401, { message: `bad key ${API_KEY}` });
      await deployAction({ operation: 'searchTags', query: 'a' });
      const { caught } = await outcomeOf({});
      expect(caughtError(caught)).toEqual({ message: expect.stringContaining(UNAUTHORIZED_MESSAGE), code: 'UNAUTHORIZED' });
      expectNoSecretsIn([caught, loggedText()], [API_KEY, BACKEND_TOKEN]);
    });
  });

  describe('Any Request sends what the node or msg.payload says, with the one secret its path may get, and the answer on the msg', () => {
    const restPath = service.restPath('/recordings/tags');

    operationCase(
      'anyRequest',
      "a GET of the workspace's REST API with the query: the API Key alone; the JSON on msg.payload, msg.statusCode and msg.headers",
      async () => {
        service
          .restScope()
          .get(restPath)
          .query({ query: 'onb', limit: '2' })
          .reply(200, { result: ['onboarding'] }, { 'x-rate-limit-remaining': '9' });
        await deployAction({ operation: 'anyRequest', method: 'GET', path: restPath, queryParameters: '{"query":"onb","limit":2}' });
        const { out } = await outcomeOf({ topic: 'kept' });
        expect(out?.topic).toBe('kept');
        expect(out?.payload).toEqual({ result: ['onboarding'] });
        expect(out?.statusCode).toBe(200);
        expect(out?.headers).toEqual(expect.objectContaining({ 'content-type': 'application/json', 'x-rate-limit-remaining': '9' }));
      },
    );

    it('msg.payload gives the method, path, body and headers over the editor: a POST to the hook carries the Backend Token alone', async () => {
      service.hookScope('N8N', { action: 'PING' }).matchHeader('x-request-id', 'flow-7').reply(200, { workspace: 'Demo Workspace' });
      await deployAction({ operation: 'anyRequest', method: 'GET', path: restPath });
      const { out } = await outcomeOf({
        payload: { method: 'POST', path: '/public/webhooks/N8N', body: { action: 'PING' }, headers: { 'X-Request-Id': 'flow-7' } },
      });
      expect(out?.payload).toEqual({ workspace: 'Demo Workspace' });
      expect(out?.statusCode).toBe(200);
    });

    it("{workspaceId} in the path stands for the connection's Workspace ID", async () => {
      service.restScope().get(restPath).reply(200, { result: [] });
      await deployAction({ operation: 'anyRequest', path: '/public/integration/{workspaceId}/recordings/tags' });
      expect((await outcomeOf({})).out?.payload).toEqual({ result: [] });
    });

    it('a whole URL on the Service URL works as a path does, and an answer that is not JSON comes as its text', async () => {
      service.restScope().get(restPath).reply(200, 'plain words', { 'content-type': 'text/plain' });
      await deployAction({ operation: 'anyRequest', path: `${BASE_URL}${restPath}` });
      const { out } = await outcomeOf({});
      expect(out?.payload).toBe('plain words');
    });

    it('a GET answered 503 is sent again (idempotent); the second answer comes out', async () => {
      service.restScope().get(restPath).reply(503).get(restPath).reply(200, { result: [] });
      await deployAction({ operation: 'anyRequest', path: restPath });
      expect((await outcomeOf({})).out?.payload).toEqual({ result: [] });
    });

    it("a POST answered 503 is sent once: core's SERVICE_ERROR in the Catch node, with the answer on the message", async () => {
      service.restScope().post(service.restPath('/recordings'), { direction: 'REQUEST' }).reply(503, { message: 'down' });
      await deployAction({
        operation: 'anyRequest',
        method: 'POST',
        path: service.restPath('/recordings'),
        body: '{"direction":"REQUEST"}',
      });
      const { caught } = await outcomeOf({});
      expect(caughtError(caught)).toEqual({ message: expect.stringContaining(serverErrorMessage(503)), code: 'SERVICE_ERROR' });
      expect(caught?.statusCode).toBe(503);
      expect(caught?.payload).toEqual({ message: 'down' });
    });

    it("an answer other than 2xx goes to the Catch node with core's message for it, the answer still on the message", async () => {
      service.restScope().get(service.restPath('/recordings/nowhere')).reply(404, { message: 'No such route' });
      await deployAction({ operation: 'anyRequest', path: service.restPath('/recordings/nowhere') });
      const { caught } = await outcomeOf({});
      expectAnswerCaught(caught, {
        message: NOT_FOUND_AT_PATH,
        code: 'NOT_FOUND',
        statusCode: 404,
        payload: { message: 'No such route' },
      });
      expect(caught?.headers).toEqual(expect.objectContaining({ 'content-type': 'application/json' }));
    });

    it("a 200 of the hook that carries `error` is the hook's refusal, as core reads it for its own actions", async () => {
      const recordingAction = { action: 'RECORDING', recording: { externalReference: 'ticket-3' } };
      service.hookScope('N8N', recordingAction).reply(200, { error: 'Integration not connected.' });
      await deployAction({ operation: 'anyRequest', method: 'POST', path: '/public/webhooks/N8N', body: JSON.stringify(recordingAction) });
      const { caught } = await outcomeOf({});
      expectAnswerCaught(caught, {
        message: INTEGRATION_NOT_CONNECTED_MESSAGE,
        code: 'INTEGRATION_NOT_CONNECTED',
        statusCode: 200,
        payload: { error: 'Integration not connected.' },
      });
    });

    it("a 400 of the REST API: core's VALIDATION message, quoting the service without the API Key", async () => {
      service
        .restScope()
        .post(service.restPath('/recordings/list'))
        .reply(400, { message: `pageSize must be at most 100 (key ${API_KEY})` });
      await deployAction({ operation: 'anyRequest', method: 'POST', path: service.restPath('/recordings/list'), body: '{"pageSize":500}' });
      const { caught } = await outcomeOf({});
      expect(caughtError(caught).code).toBe('VALIDATION');
      expect(caughtError(caught).message).toContain('ScreenRec rejected the values sent (pageSize must be at most 100');
      expectNoSecretsIn([caughtError(caught), loggedText()], [API_KEY, BACKEND_TOKEN]);
    });
  });

  describe('Any Request refuses what would send a secret where it may not go: nothing is sent, and the Catch node says what to change', () => {
    const OTHER_WORKSPACE = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const restRoot = `/public/integration/${WORKSPACE_ID}`;
    const notOnService = nothingSentMessage(
      "the URL is not on the Service URL (https://api.screenrec.test): ScreenRec's secrets go to the Service URL's own address only.",
    );
    const climbs = nothingSentMessage(
      'the path climbs out of where it starts (`..`, `.` or an encoded slash, backslash or dot): write it plainly.',
    );
    const cases: Array<[string, Record<string, unknown>, Record<string, unknown>, string]> = [
      ['a URL on another origin', { path: 'https://elsewhere.example/public/integration/x/recordings' }, {}, notOnService],
      ['a look-alike host', {}, { payload: { path: `https://api.screenrec.test.evil${restRoot}/recordings` } }, notOnService],
      ['a host with a user name before it', { path: `https://api.screenrec.test@evil.example${restRoot}/recordings` }, {}, notOnService],
      ['a path that climbs out with ..', { path: `${restRoot}/../${OTHER_WORKSPACE}/recordings` }, {}, climbs],
      ['a path that climbs out with an encoded slash', { path: `${restRoot}%2F..%2F${OTHER_WORKSPACE}/recordings` }, {}, climbs],
      [
        "a workspace other than the connection's",
        { path: `/public/integration/${OTHER_WORKSPACE}/recordings` },
        {},
        nothingSentMessage(`the path names another workspace than the connection's: use ${restRoot}/….`),
      ],
      [
        'a path that is neither the REST API nor the hook',
        { path: '/admin/settings' },
        {},
        nothingSentMessage(
          "the path is neither the REST API of the connection's workspace (/public/integration/<workspace ID>/…) nor the automation hook (/public/webhooks/<integration>).",
        ),
      ],
      [
        'the hook of the other integration than the connection names',
        { method: 'POST', path: '/public/webhooks/ZAPIER', body: '{"action":"PING"}' },
        {},
        nothingSentMessage('the hook path names "ZAPIER", not N8N.'),
      ],
      [
        'a header that would set the API Key itself',
        { path: `${restRoot}/recordings/tags`, headers: '{"Authorization":"Bearer someone-elses"}' },
        {},
        secretHeaderGivenMessage(['Authorization']),
      ],
      [
        'a header that would set the Backend Token itself, from msg.payload.headers',
        { method: 'POST', path: '/public/webhooks/N8N' },
        { payload: { body: { action: 'PING' }, headers: { 'X-Service-Token': 'another-token' } } },
        secretHeaderGivenMessage(['X-Service-Token']),
      ],
      ['a path that is neither a path nor a URL', { path: 'recordings/tags' }, {}, nothingSentMessage(PATH_FORM)],
      [
        'a GET with a body',
        { path: `${restRoot}/recordings/tags` },
        { payload: { body: { query: 'x' } } },
        nothingSentMessage(GET_WITH_BODY),
      ],
      ['no path', {}, {}, invalidInputMessage('`Path` is required: fill it in, or set msg.payload.path')],
      [
        'Query Parameters in the form that are not JSON',
        { path: `${restRoot}/recordings/tags`, queryParameters: '{query: onb}' },
        {},
        invalidInputMessage('`Query Parameters` must be JSON, such as {"query":"onb"}'),
      ],
      [
        'a method not offered',
        { path: `${restRoot}/recordings/tags` },
        { payload: { method: 'PATCH' } },
        invalidInputMessage('`msg.payload.method` must be one of GET, POST, PUT, DELETE'),
      ],
    ];
    it.each(cases)('%s', async (_name, properties, msg, problem) => {
      const attempted: string[] = [];
      const record = (request: { url?: string; href?: string }) => attempted.push(String(request.url ?? request.href));
      nock.emitter.on('no match', record);
      try {
        await deployAction({ operation: 'anyRequest', ...properties });
        const { caught } = await outcomeOf(msg);
        expect(caughtError(caught)).toEqual({ message: expect.stringContaining(problem), code: 'INVALID_INPUT' });
        expect(attempted).toEqual([]);
      } finally {
        nock.emitter.removeListener('no match', record);
      }
    });

    it.each([
      {
        test: 'a query value that is an object, from msg.payload.queryParameters, is named by its place',
        payload: { queryParameters: { query: { nested: true } } },
        problem: '`msg.payload.queryParameters.query`: must be a text, a number or true/false',
      },
      {
        test: 'a header name that is no header name, from msg.payload.headers, is named',
        payload: { headers: { 'x request': 'a' } },
        problem: '`msg.payload.headers.x request`: is no header name: use letters, digits and - only',
      },
      {
        test: 'a header value that is not a text, from msg.payload.headers, is named by its place',
        payload: { headers: { 'x-count': 3 } },
        problem: '`msg.payload.headers.x-count`: must be a text',
      },
    ])('$test', async ({ payload, problem }) => {
      await deployAction({ operation: 'anyRequest', path: `${restRoot}/recordings/tags` });
      const { caught } = await outcomeOf({ payload });
      expect(caughtError(caught)).toEqual({
        message: expect.stringContaining(invalidInputMessage(problem)),
        code: 'INVALID_INPUT',
      });
    });

    it('a path of the REST API on a connection without an API Key names the field to fill, and sends nothing', async () => {
      await deployAction(
        { operation: 'anyRequest', path: `${restRoot}/recordings/tags` },
        { [CONNECTION]: { backendToken: BACKEND_TOKEN } },
      );
      const { caught } = await outcomeOf({});
      expect(caughtError(caught).message).toContain(
        nothingSentMessage('the connection has no API Key, which the REST API needs: fill it in.'),
      );
    });
  });

  describe('a service that never answers', () => {
    let silent: Server;
    let silentUrl: string;
    beforeAll(async () => {
      silent = createServer(() => undefined);
      silentUrl = await listenOnLoopback(silent);
    });
    afterAll(() => stopServer(silent));

    it('ends at the node Timeout with core DEADLINE message', async () => {
      await runtime().deploy(
        flowOf({ type: 'screenrec', operation: 'searchTags', query: 'a', timeout: 0.3 }, { ...connection, serviceUrl: silentUrl }),
        CREDENTIALS,
      );
      const { caught } = await outcomeOf({});
      expect(caughtError(caught)).toEqual({
        message: expect.stringContaining(deadlineMessage('searching tags', 300, HINT_CHECK_SERVICE)),
        code: 'DEADLINE',
      });
    });

    it('Any Request ends at the node Timeout too, naming the request', async () => {
      const path = `/public/integration/${WORKSPACE_ID}/recordings/tags`;
      await runtime().deploy(
        flowOf({ type: 'screenrec', operation: 'anyRequest', path, timeout: 0.3 }, { ...connection, serviceUrl: silentUrl }),
        CREDENTIALS,
      );
      const { caught } = await outcomeOf({});
      expect(caughtError(caught)).toEqual({
        message: expect.stringContaining(deadlineMessage(`sending GET ${path}`, 300, HINT_CHECK_SERVICE)),
        code: 'DEADLINE',
      });
    });
  });
}
