// The reference service fuzzed from docs/openapi.json with fast-check: for every operation, requests made from its
// schemas, valid and not (strings with control characters, blanks, wrong types, fields missing or unknown, no body,
// bodies that are not JSON, broken JSON, bad ids, every kind of credential), and every other method on its path.
// Every answer: never a 5xx, a status the document lists for the operation, a body its schema for that status
// accepts; a request the document accepts is not refused as malformed; another method is a 405 naming the path's.
// The service runs in this process (fastify's inject(): no socket), strict about callbacks as a real one is.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InProcessServer } from '../../shared/reference-server/src/server';
import { buildQuietServer, inject, type Answer, type Call } from '../../shared/reference-server/test/support';
import { hostile, hostileString, SchemaValues, type Json, type Schema } from './schema-values';

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
type PathItem = { parameters?: Parameter[] } & Record<string, Operation>;
interface OpenApi {
  paths: Record<string, PathItem>;
  components: { schemas: Record<string, Schema> };
}

const DOCUMENT = JSON.parse(readFileSync(join(__dirname, '../../docs/openapi.json'), 'utf8')) as OpenApi;
const JSON_TYPE = 'application/json';
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];
/** Requests per operation and kind: enough to reach every branch many times, few enough for a busy 2-core machine. */
const RUNS = { made: 150, mutated: 150, otherMethods: 40 };

const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));
const values = new SchemaValues(DOCUMENT.components.schemas);
const validators = new Map<Schema, ValidateFunction>();
function validatorOf(schema: Schema): ValidateFunction {
  let validate = validators.get(schema);
  if (validate === undefined) validators.set(schema, (validate = ajv.compile({ ...schema, components: DOCUMENT.components })));
  return validate;
}
const accepts = (schema: Schema, value: unknown) => validatorOf(schema)(value);

const operations = Object.entries(DOCUMENT.paths).flatMap(([template, item]) =>
  Object.entries(item)
    .filter(([method]) => method !== 'parameters')
    .map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      operation: operation as Operation,
      parameters: [...(item.parameters ?? []), ...((operation as Operation).parameters ?? [])],
    })),
);
type Described = (typeof operations)[number];

/** The methods the document gives a concrete path: those of every path template it fits (a `{name}` is one segment). */
function documentedMethods(path: string): Set<string> {
  const methods = new Set<string>();
  for (const [template, item] of Object.entries(DOCUMENT.paths)) {
    if (!new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]*')}$`).test(path)) continue;
    for (const method of Object.keys(item)) if (method !== 'parameters') methods.add(method.toUpperCase());
  }
  // Fastify answers HEAD wherever it answers GET.
  if (methods.has('GET')) methods.add('HEAD');
  return methods;
}

/** Why the answer does not fit the operation in the document, or undefined when it fits. */
function misfit(operation: Operation, answer: Answer): string | undefined {
  if (answer.status >= 500) return `a ${answer.status}: ${answer.text.slice(0, 300)}`;
  const response = operation.responses[String(answer.status)];
  if (response === undefined)
    return `status ${answer.status} is not listed (${Object.keys(operation.responses).join(', ')}): ${answer.text.slice(0, 200)}`;
  const media = response.content?.[JSON_TYPE];
  if (media === undefined) return answer.text === '' ? undefined : `status ${answer.status} has a body the document does not give`;
  if (!(answer.headers.get('content-type') ?? '').startsWith(JSON_TYPE)) return `content-type ${answer.headers.get('content-type')}`;
  const validate = validatorOf(media.schema);
  return validate(answer.json) ? undefined : `${ajv.errorsText(validate.errors)} in ${answer.text.slice(0, 300)}`;
}

let server: InProcessServer;
/** What the generated requests draw on: the demo workspace, a second one, recordings (one with a video). */
const world = {
  workspaceId: '',
  apiKey: '',
  otherWorkspaceId: '',
  otherApiKey: '',
  recordingIds: [] as string[],
  tokens: { ZAPIER: '', N8N: '' },
};

beforeAll(async () => {
  server = await buildQuietServer({ insecureCallbacks: false, failedAuthPerMinute: 1_000_000 });
  const { demo, store } = server;
  const other = store.addWorkspace('Other');
  store.updateWorkspace(other, { apiAccess: true });
  Object.assign(world, {
    workspaceId: demo.workspaceId,
    apiKey: demo.apiKey,
    otherWorkspaceId: other.id,
    otherApiKey: store.addApiKey(other.id, null).secret,
    tokens: demo.tokens,
  });
  for (const tags of [['alpha'], ['beta', 'alpha'], []])
    world.recordingIds.push(store.addRecording({ workspaceId: demo.workspaceId, direction: 'REQUEST', tags }).id);
  const completed = await inject(server, `/admin/recordings/${world.recordingIds[0]}/status`, {
    method: 'POST',
    headers: { 'x-admin-token': server.adminToken },
    body: { status: 'COMPLETED' },
  });
  expect(completed.status).toBe(200);
});
afterAll(() => server.close());

/** A path segment as a client would send it; a segment of dots would climb out of the path, so it is made into a letter. */
function segment(value: string): string {
  if (/^\.*$/.test(value)) return `x${value}`;
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** A value for a path parameter: mostly one that names something here, else another id or anything at all. */
function pathValue(parameter: Parameter): fc.Arbitrary<{ text: string; own: boolean }> {
  const own = (text: string) => ({ text, own: true });
  const stranger = (text: string) => ({ text, own: false });
  const nonEmpty = hostileString.filter((text) => text !== '').map(stranger);
  if (parameter.name === 'workspaceId')
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant(own(world.workspaceId)) },
      fc.constant(own(world.workspaceId.toUpperCase())),
      fc.constant(stranger(world.otherWorkspaceId)),
      fc.uuid().map(stranger),
      nonEmpty,
    );
  if (parameter.name === 'id')
    return fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...world.recordingIds).map(own) },
      fc.constantFrom(...world.recordingIds).map((id) => own(id.toUpperCase())),
      fc.uuid().map(own),
      nonEmpty,
    );
  return fc.oneof({ weight: 6, arbitrary: values.accepted(parameter.schema).map((value) => own(String(value))) }, nonEmpty);
}

type Credential = 'valid' | 'other' | 'unknown' | 'none' | 'malformed' | 'empty';
const credential: fc.Arbitrary<Credential> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('valid' as const) },
  fc.constantFrom<Credential>('other', 'unknown', 'none', 'malformed', 'empty'),
);

function credentialHeaders(described: Described, kind: Credential, provider: string): Record<string, string> {
  if (kind === 'none') return {};
  const hook = described.template.startsWith('/public/webhooks/');
  const otherProvider = provider === 'ZAPIER' ? 'N8N' : 'ZAPIER';
  const secret = {
    valid: hook ? (world.tokens[provider as 'ZAPIER'] ?? 'srt_unknown') : world.apiKey,
    other: hook ? world.tokens[otherProvider as 'ZAPIER'] : world.otherApiKey,
    unknown: hook ? 'srt_0123456789abcdef' : 'srk_0123456789abcdef',
    malformed: 'not a secret',
    empty: '',
  }[kind];
  if (hook) return { 'x-service-token': secret };
  return { authorization: kind === 'malformed' ? `Basic ${secret}` : kind === 'empty' ? 'Bearer' : `Bearer ${secret}` };
}

interface Made {
  path: string;
  call: Call;
  /** Everything about the request is as the document asks and names what is here: it must not be refused as malformed. */
  documentAccepts: boolean;
}

type Body = { kind: 'json'; value: Json; type?: string } | { kind: 'none' } | { kind: 'raw'; type: string; text: string };

const NOT_JSON_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'text/json',
];
const BROKEN_JSON = ['{', '{"a":', 'nul', '[1,]', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '\u0000'];

/** Bodies for the operation: made from its schema (`mutated`: then changed in one place), or none, or not JSON at all. */
function bodies(described: Described, mutated: boolean): fc.Arbitrary<Body> {
  const schema = described.operation.requestBody?.content[JSON_TYPE]?.schema;
  if (described.method === 'GET') return fc.constant({ kind: 'none' });
  const none = fc.constant<Body>({ kind: 'none' });
  const raw = fc.oneof(
    fc.record({ kind: fc.constant('raw' as const), type: fc.constantFrom(...NOT_JSON_TYPES), text: hostileString }),
    fc.record({ kind: fc.constant('raw' as const), type: fc.constant(JSON_TYPE), text: fc.constantFrom(...BROKEN_JSON) }),
  );
  if (schema === undefined)
    return fc.oneof(
      { weight: 6, arbitrary: none },
      raw,
      hostile.map((value): Body => ({ kind: 'json', value })),
    );
  const made = values.accepted(schema);
  const json = (mutated ? made.chain((value) => values.mutated(value)) : made).map((value): Body => ({ kind: 'json', value }));
  const withCharset = made.map((value): Body => ({ kind: 'json', value, type: `${JSON_TYPE}; charset=utf-8` }));
  return fc.oneof({ weight: 10, arbitrary: json }, withCharset, none, raw);
}

/** The query string: mostly each parameter once, else any of them missing, repeated, bracketed or beside another. */
function queryOf(described: Described): fc.Arbitrary<{ text: string; accepted: boolean }> {
  const query = described.parameters.filter((parameter) => parameter.in === 'query');
  if (query.length === 0) return fc.constant({ text: '', accepted: true });
  const names = query.map((parameter) => parameter.name);
  const value = fc.oneof(hostileString, fc.string());
  const once = fc.tuple(...names.map((name) => value.map((text): [string, string] => [name, text])));
  const any = fc.array(fc.tuple(fc.constantFrom(...names, `${names[0]}[x]`, 'other'), value), { maxLength: 3 });
  return fc.oneof({ weight: 3, arbitrary: once }, any).map((entries) => {
    const text = entries.map(([name, given]) => `${segment(name)}=${segment(given)}`).join('&');
    const counts = names.map((name) => entries.filter(([key]) => key === name).length);
    // Parameters the document does not name are not its concern: the service ignores them.
    const accepted = query.every((parameter, index) => counts[index] === 1 || (counts[index] === 0 && parameter.required !== true));
    return { text: text === '' ? '' : `?${text}`, accepted };
  });
}

function requests(described: Described, mutated: boolean): fc.Arbitrary<Made> {
  const inPath = described.parameters.filter((parameter) => parameter.in === 'path');
  return fc
    .record({
      path: fc.tuple(...inPath.map(pathValue)),
      query: queryOf(described),
      credential,
      body: bodies(described, mutated),
    })
    .map(({ path, query, credential: kind, body }) => {
      let filled = described.template;
      inPath.forEach((parameter, index) => (filled = filled.replace(`{${parameter.name}}`, segment(path[index]!.text))));
      const provider = path[inPath.findIndex((parameter) => parameter.name === 'provider')]?.text ?? '';
      const headers = credentialHeaders(described, kind, provider);
      const call: Call = { method: described.method, headers };
      if (body.kind === 'json') {
        call.raw = JSON.stringify(body.value);
        headers['content-type'] = body.type ?? JSON_TYPE;
      } else if (body.kind === 'raw') {
        call.raw = body.text;
        headers['content-type'] = body.type;
      }
      const requestBody = described.operation.requestBody;
      const bodyAccepted =
        requestBody === undefined
          ? body.kind === 'none'
          : body.kind === 'json'
            ? accepts(requestBody.content[JSON_TYPE]!.schema, body.value)
            : body.kind === 'none' && !requestBody.required;
      const pathAccepted = inPath.every((parameter, index) => path[index]!.own && accepts(parameter.schema, path[index]!.text));
      return { path: `${filled}${query.text}`, call, documentAccepts: kind === 'valid' && pathAccepted && query.accepted && bodyAccepted };
    });
}

/** A refusal of a request the document accepts that the document says it may still get (the service's own checks). */
function refusedForItsOwnReasons(answer: Answer): boolean {
  // A callback to an address that is not public (an IP literal in a private range): the address policy, not the schema.
  const errors = (answer.json as { errors?: { path: string }[] } | undefined)?.errors;
  return answer.status === 400 && errors !== undefined && errors.length > 0 && errors.every((error) => error.path === 'callback');
}

async function check(described: Described, made: Made): Promise<void> {
  const answer = await inject(server, made.path, made.call);
  const what = `${made.call.method} ${made.path} ${JSON.stringify(made.call.headers)} ${String(made.call.raw ?? '').slice(0, 300)}`;
  expect([what, misfit(described.operation, answer)]).toEqual([what, undefined]);
  if (made.documentAccepts && !refusedForItsOwnReasons(answer)) {
    const allowed = acceptedStatuses(described);
    expect([what, allowed.includes(answer.status) ? allowed : answer.status, answer.text.slice(0, 300)]).toEqual([
      what,
      allowed,
      answer.text.slice(0, 300),
    ]);
  }
}

/** What a request the document accepts may be answered: a success, or a 404 (a REST call's recording can be gone). */
function acceptedStatuses(described: Described): number[] {
  return Object.keys(described.operation.responses)
    .map(Number)
    .filter((status) => status < 300 || status === 404);
}

jest.setTimeout(60_000);

describe.each(operations)('$method $template', (described) => {
  it('answers requests made from its schemas as the document says', async () => {
    await fc.assert(
      fc.asyncProperty(requests(described, false), (made) => check(described, made)),
      { numRuns: RUNS.made },
    );
  });

  it('answers requests changed in one place (a wrong type, a field missing or unknown, control characters) as the document says', async () => {
    await fc.assert(
      fc.asyncProperty(requests(described, true), (made) => check(described, made)),
      { numRuns: RUNS.mutated },
    );
  });

  it('answers any other method on its path 405, with Allow naming the methods the document gives the path', async () => {
    await fc.assert(
      fc.asyncProperty(requests(described, false), fc.constantFrom(...METHODS), async (made, method) => {
        const path = made.path.split('?')[0]!;
        const allowed = documentedMethods(path);
        fc.pre(!allowed.has(method));
        const answer = await inject(server, made.path, { ...made.call, method });
        const allow = new Set((answer.headers.get('allow') ?? '').split(', '));
        expect([method, path, answer.status, answer.json, [...allow].sort()]).toEqual([
          method,
          path,
          405,
          // A HEAD answer has no body.
          method === 'HEAD' ? undefined : { message: 'Method not allowed' },
          [...allowed].sort(),
        ]);
      }),
      { numRuns: RUNS.otherMethods },
    );
  });

  it('answers a body past the limit 413 where the document says the body is read', async () => {
    const limited = described.operation.responses['413'] !== undefined;
    const [made] = fc.sample(
      requests(described, false).filter((request) => request.documentAccepts),
      { numRuns: 1, seed: 1 },
    );
    const headers = { ...made!.call.headers, 'content-type': JSON_TYPE };
    const answer = await inject(server, made!.path, { ...made!.call, headers, raw: JSON.stringify({ padding: 'x'.repeat(1024 * 1024) }) });
    expect(misfit(described.operation, answer)).toBeUndefined();
    expect(answer.status === 413).toBe(limited);
  });
});

it('fuzzes every operation the document has', () => {
  expect(operations.map(({ operation }) => operation.operationId).sort()).toEqual(
    ['deleteRecording', 'getVideoUrl', 'hookAction', 'listRecordings', 'requestRecording', 'searchTags', 'updateRecording'].sort(),
  );
});
