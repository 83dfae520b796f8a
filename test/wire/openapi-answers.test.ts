// The reference server's answers, validated against docs/openapi.json: every call of the REST API and every hook
// action, succeeding and failing, answers a status the document lists for that operation, with a body its schema
// accepts (ajv, JSON Schema 2020-12, as OpenAPI 3.1 uses it); so does the video-ready notification it sends.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InProcessServer } from '../../shared/reference-server/src/server';
import { Catcher } from '../support/catcher';
import { type Answer, buildWithClients, type Clients, UNKNOWN_ID } from '../../shared/reference-server/test/support';

interface MediaType {
  schema: object;
}
interface Response {
  content?: Record<string, MediaType>;
}
interface Operation {
  responses: Record<string, Response>;
  requestBody?: { content: Record<string, MediaType> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
  components: object;
}

const DOCUMENT = JSON.parse(readFileSync(join(__dirname, '../../docs/openapi.json'), 'utf8')) as OpenApi;
const JSON_TYPE = 'application/json';
const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));

/** A validator of one schema of the document, its `#/components/...` references resolved within the document. */
function validatorOf(schema: object): ValidateFunction {
  return ajv.compile({ ...schema, components: DOCUMENT.components });
}

/** Why the answer does not fit the document's operation, or undefined when it fits. */
function misfit(operation: Operation | undefined, answer: Pick<Answer, 'status' | 'json' | 'text'>): string | undefined {
  if (operation === undefined) return 'no such operation in the document';
  const response = operation.responses[String(answer.status)];
  if (response === undefined)
    return `status ${answer.status} is not one the document lists (${Object.keys(operation.responses).join(', ')})`;
  const media = response.content?.[JSON_TYPE];
  if (media === undefined) return answer.text === '' ? undefined : `status ${answer.status} has no body in the document`;
  const validate = validatorOf(media.schema);
  return validate(answer.json) ? undefined : ajv.errorsText(validate.errors);
}

const restOperation = (method: string, path: string) => DOCUMENT.paths[`/public/integration/{workspaceId}${path}`]?.[method];
const hookOperation = () => DOCUMENT.paths['/public/webhooks/{provider}']?.post;

let server: InProcessServer;
let clients: Clients;
beforeAll(async () => ({ server, clients } = await buildWithClients()));
afterAll(() => server.close());

describe('the validation itself', () => {
  it('refuses a status the operation does not list, a body that does not fit, and a body where none is promised', () => {
    const list = restOperation('post', '/recordings/list');
    expect(misfit(list, { status: 418, json: {}, text: '{}' })).toBe(
      'status 418 is not one the document lists (200, 400, 401, 403, 404, 413, 415, 429)',
    );
    expect(misfit(list, { status: 200, json: { content: [{ status: 'NEW' }], totalElements: 1, totalPages: 1 }, text: 'x' })).toBe(
      "data/content/0 must have required property 'id'",
    );
    expect(misfit(restOperation('delete', '/recordings/{id}'), { status: 204, json: {}, text: '{}' })).toBe(
      'status 204 has no body in the document',
    );
  });
});

describe('REST API', () => {
  const rest = (method: string, path: string, body?: unknown, apiKey?: string) => clients.rest(method, path, body, apiKey);
  let id: string;
  beforeAll(async () => {
    const created = await rest('POST', '/recordings', { direction: 'REQUEST', tags: ['openapi'], comment: 'checked' });
    id = (created.json as { id: string }).id;
  });

  it.each([
    ['post', '/recordings', () => rest('POST', '/recordings', { direction: 'RESPONSE', email: 'ana@example.com' }), 201],
    ['post', '/recordings', () => rest('POST', '/recordings', { direction: 'SIDEWAYS' }), 400],
    ['post', '/recordings', () => rest('POST', '/recordings', { direction: 'REQUEST' }, 'not-a-key'), 401],
    ['post', '/recordings/list', () => rest('POST', '/recordings/list', { tags: ['openapi'], sortOrder: 'Descending' }), 200],
    ['post', '/recordings/list', () => rest('POST', '/recordings/list', { pageSize: 1000 }), 400],
    ['get', '/recordings/{id}/presign', () => rest('GET', `/recordings/${id}/presign`), 404],
    ['put', '/recordings/{id}', () => rest('PUT', `/recordings/${id}`, { tags: ['openapi', 'updated'] }), 202],
    ['put', '/recordings/{id}', () => rest('PUT', `/recordings/${UNKNOWN_ID}`, { comment: 'none' }), 404],
    ['get', '/recordings/tags', () => rest('GET', '/recordings/tags?query=open'), 200],
    ['get', '/recordings/tags', () => rest('GET', '/recordings/tags'), 400],
    ['delete', '/recordings/{id}', () => rest('DELETE', `/recordings/${UNKNOWN_ID}`), 404],
  ] as const)('%s %s answers %#: status and body as the document says', async (method, path, call, status) => {
    const answer = await call();
    expect(answer.status).toBe(status);
    expect(misfit(restOperation(method, path), answer)).toBeUndefined();
  });

  it('a video link, a refusal while API access is off, and a deletion', async () => {
    expect((await clients.admin('POST', `/recordings/${id}/status`, { status: 'COMPLETED' })).status).toBe(200);
    const presign = await rest('GET', `/recordings/${id}/presign`);
    expect([presign.status, misfit(restOperation('get', '/recordings/{id}/presign'), presign)]).toEqual([200, undefined]);

    await clients.admin('PATCH', `/workspaces/${server.demo.workspaceId}`, { apiAccess: false });
    const refused = await rest('POST', '/recordings/list', {});
    await clients.admin('PATCH', `/workspaces/${server.demo.workspaceId}`, { apiAccess: true });
    expect([refused.status, misfit(restOperation('post', '/recordings/list'), refused)]).toEqual([403, undefined]);

    const deleted = await rest('DELETE', `/recordings/${id}`);
    expect([deleted.status, misfit(restOperation('delete', '/recordings/{id}'), deleted)]).toEqual([204, undefined]);
  });
});

describe('automation hook', () => {
  const hook = (body: unknown, token: string | undefined = server.demo.tokens.ZAPIER, provider = 'ZAPIER') =>
    clients.hook(provider, token, body);
  let catcher: Catcher;
  beforeAll(async () => {
    catcher = new Catcher();
    await catcher.start();
  });
  afterAll(() => catcher.stop());

  it('every action, and each way the hook refuses, as the document says', async () => {
    const answers: Array<[string, Answer, number]> = [
      ['PING', await hook({ action: 'PING' }), 200],
      ['RECORDING', await hook({ action: 'RECORDING', recording: { externalReference: 'openapi-1', tags: ['a'] } }), 200],
      ['CALLBACK_SUBSCRIBE', await hook({ action: 'CALLBACK_SUBSCRIBE', callback: `${catcher.url}/video-ready` }), 200],
      ['unknown subscription', await hook({ action: 'CALLBACK_UNSUBSCRIBE', subscriptionId: UNKNOWN_ID }), 200],
      ['unknown provider', await hook({ action: 'PING' }, server.demo.tokens.ZAPIER, 'OTHER'), 400],
      ['no action', await hook({}), 400],
      ['another token', await hook({ action: 'PING' }, server.demo.tokens.N8N), 403],
      ['no token', await clients.hook('ZAPIER', undefined, { action: 'PING' }), 424],
    ];
    const subscribed = answers[2]![1].json as { subscriptionId: string };
    answers.push(['CALLBACK_UNSUBSCRIBE', await hook({ action: 'CALLBACK_UNSUBSCRIBE', subscriptionId: subscribed.subscriptionId }), 200]);
    expect(answers.map(([what, answer]) => [what, answer.status, misfit(hookOperation(), answer)])).toEqual(
      answers.map(([what, , status]) => [what, status, undefined]),
    );
    expect(answers[3]![1].json).toEqual({ error: 'Internal Server Error' });
  });

  it('the video-ready notification it sends fits the webhook of the document', async () => {
    const { subscriptionId } = (await hook({ action: 'CALLBACK_SUBSCRIBE', callback: `${catcher.url}/video-ready` })).json as {
      subscriptionId: string;
    };
    const recording = server.store.addRecording({ workspaceId: server.demo.workspaceId, direction: 'REQUEST', notifications: [] });
    await clients.admin('POST', `/recordings/${recording.id}/status`, { status: 'COMPLETED' });
    const [delivered] = await catcher.waitFor(1);
    await hook({ action: 'CALLBACK_UNSUBSCRIBE', subscriptionId });
    const webhook = DOCUMENT.webhooks.videoReady?.post;
    const validate = validatorOf(webhook!.requestBody!.content[JSON_TYPE]!.schema);
    expect([delivered!.method, validate(JSON.parse(delivered!.body)), ajv.errorsText(validate.errors)]).toEqual([
      'POST',
      true,
      'No errors',
    ]);
  });
});
