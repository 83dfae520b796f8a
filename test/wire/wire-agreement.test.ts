// Two readings of the service API (docs/service-api.md), compared: core's (the client's, in packages/core) and the reference
// server's own (shared/reference-server/src/wire.ts, written from the spec without looking at core's). If either
// misread the spec, the end-to-end suites could not tell, since each side would agree with itself; this suite can.
//
// Where the two agree exactly, and where they differ on purpose (each direction stated in its `describe`):
// - Requests. Both accept the same bodies, docs/design.md's Limits table included (tag length and count, comment, e-mail,
//   notifications: core refuses before sending what the server would answer with a 400 naming the field). Core tidies
//   what it sends (tags and externalReference trimmed), so a body the server refuses only for untrimmed spaces is
//   one core sends tidied; and the server lower-cases ids where they enter. Values are compared on what core sends,
//   as the server reads it back.
// - Answers. Everything the server's wire schemas allow (what it ever produces), core accepts with the same values.
//   Core is wider on purpose: it takes statuses and directions docs/service-api.md does not list, missing optional fields and
//   extra fields, so a service that grows does not break the connectors; the server never produces those.
import * as core from 'screenrec';
import fc from 'fast-check';
import type { z } from 'zod';
import { LIMITS } from '../../shared/reference-server/src/limits';
import {
  ALWAYS_ANSWERED_TEXTS,
  RECORDING_MARKS,
  RECORDING_TEXT_FIELDS,
  TEXT_FIELD_NAMES,
  type MarkValues,
} from '../../shared/reference-server/src/recording-fields';
import type { InProcessServer } from '../../shared/reference-server/src/server';
import * as wire from '../../shared/reference-server/test/answers';
import { buildQuietServer, clientsOf } from '../../shared/reference-server/test/support';

type Body = Record<string, unknown>;
type Schema = z.ZodType;

const RUNS = { numRuns: 200 };

// Values, valid and not.

const anyCase = (text: string) => fc.boolean().map((upper) => (upper ? text.toUpperCase() : text));
const uuid = fc.uuid().chain(anyCase);
const badUuid = fc.constantFrom(
  '42',
  '',
  'not-a-uuid',
  '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9',
  '3f2b6c1e8a4d4c1e9b7a2d5e6f7a8b9c',
  'gf2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c',
  ' 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c',
);
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
  fc.constant({ nested: 'x' }),
);
/** A label that is not blank, sometimes with spaces around it (core trims them; the server keeps them). */
const label = fc
  .tuple(
    fc.constantFrom('', ' ', '  '),
    fc.string({ minLength: 1, maxLength: 12 }).filter((text) => text.trim() !== ''),
    fc.constantFrom('', ' '),
  )
  .map((parts) => parts.join(''))
  .filter((text) => text.length <= LIMITS.tagLength);
const blank = fc.constantFrom('', ' ', '   ', '\t', '\n');
const labels = fc.array(label, { maxLength: 5 });
const badLabels = fc.oneof(
  wrongType,
  fc.string(),
  fc.tuple(labels, blank).map(([good, bad]) => [...good, bad]),
  fc.tuple(labels, wrongType).map(([good, bad]) => [...good, bad]),
);
const email = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9]([a-z0-9._+-]{0,10}[a-z0-9])?$/),
    fc.constantFrom('example.com', 'sub.example.org', 'mail.example.co.uk'),
  )
  .map(([local, domain]) => `${local}@${domain}`)
  .filter((address) => !address.includes('..'));
const badEmail = fc.constantFrom('', 'not-an-address', 'ana@', '@example.com', 'ana example.com', 'ana@example');
const instant = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true });
const isoDate = instant.chain((date) => {
  const iso = date.toISOString();
  return fc.constantFrom(
    iso,
    iso.slice(0, 10),
    iso.replace(/\.\d{3}Z$/, 'Z'),
    iso.replace('Z', '+02:00'),
    iso.replace(/\.\d{3}Z$/, '-05:30'),
  );
});
const badDate = fc.constantFrom(
  'yesterday',
  '',
  '2026-13-45',
  '2026-3-1',
  '2026-03-01T10:00:00',
  '2026-03-01 10:00:00Z',
  '01/03/2026',
  '2026-03-01T25:00:00Z',
);
const enumOrNot = <T extends string>(values: readonly T[]) => fc.constantFrom(...values);
const badEnum = (values: readonly string[]) =>
  fc.oneof(fc.constantFrom(...values.map((value) => value.toLowerCase()), 'DONE', 'ARCHIVED', '', ' NEW'), wrongType);
const httpsUrl = fc
  .tuple(fc.constantFrom('https', 'http'), fc.domain(), fc.webPath())
  .map(([scheme, host, path]) => `${scheme}://${host}${path}`);
const badUrl = fc.constantFrom(
  '/catch',
  'hooks.example/catch',
  'ftp://hooks.example/x',
  'javascript:alert(1)',
  '',
  'https://',
  'mailto:ana@example.com',
);
const unknownField = fc.tuple(fc.constantFrom('extra', 'priority', 'Tags', 'status', 'workspaceId'), fc.jsonValue());

/**
 * Bodies of one shape: valid ones, and ones broken in one place (a field of the wrong type or value, a required field
 * missing, an unknown field added, or not an object at all).
 */
function bodiesOf(
  required: Record<string, fc.Arbitrary<unknown>>,
  optional: Record<string, fc.Arbitrary<unknown>>,
  bad: Record<string, fc.Arbitrary<unknown>>,
) {
  const valid = fc.record({ ...required, ...optional }, { requiredKeys: Object.keys(required) }) as fc.Arbitrary<Body>;
  const broken: Array<fc.Arbitrary<unknown>> = [
    fc
      .tuple(valid, fc.constantFrom(...Object.keys(bad)))
      .chain(([body, field]) => bad[field]!.map((value) => ({ ...body, [field]: value }))),
    fc.tuple(valid, unknownField).map(([body, [field, value]]) => ({ ...body, [field]: value })),
    fc.oneof(wrongType, fc.string(), fc.array(fc.jsonValue(), { maxLength: 2 })),
  ];
  if (Object.keys(required).length > 0) {
    broken.push(
      fc
        .tuple(valid, fc.constantFrom(...Object.keys(required)))
        .map(([body, field]) => Object.fromEntries(Object.entries(body).filter(([key]) => key !== field))),
    );
  }
  return { valid, any: fc.oneof(valid, ...broken) };
}

/** One arbitrary per declared text field (recording-fields.ts), each made by `arbitrary`. */
const eachTextField = (arbitrary: (maxLength: number) => fc.Arbitrary<unknown>) =>
  Object.fromEntries(TEXT_FIELD_NAMES.map((name) => [name, arbitrary(RECORDING_TEXT_FIELDS[name].maxLength)]));
const texts = eachTextField((maxLength) => fc.string({ maxLength: Math.min(maxLength, 40) }));
const badTexts = eachTextField(() => wrongType);

// Requests: docs/service-api.md, "REST API" and "Automation hook".

const notification = fc.record({ type: fc.constant('EMAIL'), value: email });
const badNotifications = fc.oneof(
  wrongType,
  fc.constant([{ type: 'SMS', value: '+100' }]),
  fc.constant([{ type: 'EMAIL' }]),
  badEmail.map((value) => [{ type: 'EMAIL', value }]),
  fc.constant([{ type: 'EMAIL', value: 'ana@example.com', extra: 1 }]),
);

const createBodies = bodiesOf(
  { direction: enumOrNot(wire.RECORDING_DIRECTIONS) },
  { email, tags: labels, notifications: fc.array(notification, { maxLength: 3 }), ...texts },
  {
    direction: badEnum(wire.RECORDING_DIRECTIONS),
    email: fc.oneof(badEmail, wrongType, fc.emailAddress()),
    tags: badLabels,
    notifications: badNotifications,
    ...badTexts,
  },
);

const listBodies = bodiesOf(
  {},
  {
    ids: fc.array(uuid, { maxLength: 3 }),
    userId: uuid,
    statuses: fc.array(enumOrNot(wire.RECORDING_STATUSES), { maxLength: 3 }),
    directions: fc.array(enumOrNot(wire.RECORDING_DIRECTIONS), { maxLength: 2 }),
    tags: labels,
    createdDateFrom: isoDate,
    createdDateTo: isoDate,
    first: fc.nat({ max: 10_000 }),
    pageSize: fc.integer({ min: 1, max: wire.MAX_PAGE_SIZE }),
    sortField: fc.constant('createdDate'),
    sortOrder: enumOrNot(wire.SORT_ORDERS),
  },
  {
    ids: fc.oneof(
      wrongType,
      badUuid.map((id) => [id]),
      uuid,
    ),
    userId: fc.oneof(badUuid, wrongType),
    statuses: fc.oneof(
      badEnum(wire.RECORDING_STATUSES).map((status) => [status]),
      fc.constant('NEW'),
    ),
    directions: badEnum(wire.RECORDING_DIRECTIONS).map((direction) => [direction]),
    tags: badLabels,
    createdDateFrom: fc.oneof(badDate, wrongType),
    createdDateTo: fc.oneof(badDate, wrongType),
    first: fc.oneof(fc.constantFrom(-1, 1.5, Number.MAX_SAFE_INTEGER + 2, '0'), wrongType),
    pageSize: fc.oneof(fc.constantFrom(0, 101, -5, 2.5, '10'), wrongType),
    sortField: fc.constantFrom('status', 'createddate', '', 'id'),
    sortOrder: badEnum(wire.SORT_ORDERS),
  },
);

const updateBodies = bodiesOf({}, { tags: labels, ...texts }, { tags: badLabels, ...badTexts });

const recordingWrapper = bodiesOf(
  { externalReference: label },
  { tags: labels },
  { externalReference: fc.oneof(blank, wrongType), tags: badLabels },
);
const hookBodies = fc.oneof(
  bodiesOf({ action: fc.constant('PING') }, {}, { action: fc.constantFrom('ping', 'PONG', '') }).any,
  bodiesOf(
    { action: fc.constant('RECORDING'), recording: recordingWrapper.valid },
    {},
    { recording: fc.oneof(recordingWrapper.any, wrongType) },
  ).any,
  bodiesOf({ action: fc.constant('CALLBACK_SUBSCRIBE'), callback: httpsUrl }, {}, { callback: fc.oneof(badUrl, wrongType) }).any,
  bodiesOf({ action: fc.constant('CALLBACK_UNSUBSCRIBE'), subscriptionId: uuid }, {}, { subscriptionId: fc.oneof(badUuid, wrongType) }).any,
);

/** What the server does with ids where they enter (wire.ts RequestId): lower-cased, so the store compares strings. */
function withLowerCaseIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withLowerCaseIds);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => {
      if (key === 'ids' && Array.isArray(field)) return [key, field.map((id) => String(id).toLowerCase())];
      if ((key === 'userId' || key === 'subscriptionId') && typeof field === 'string') return [key, field.toLowerCase()];
      return [key, withLowerCaseIds(field)];
    }),
  );
}

/** The agreement of one request kind, on one body (see the describe below for what each line asserts). */
function expectRequestsAgree(coreSchema: Schema, serverSchema: Schema, body: unknown): void {
  const byCore = coreSchema.safeParse(body);
  const byServer = serverSchema.safeParse(body);
  // Core refuses nothing the server would take.
  if (!byCore.success) expect(byServer.success).toBe(false);
  if (!byCore.success) return;
  // Everything core sends, the server reads with the same values (ids lower-cased). So a body the server refuses is
  // one core refuses too, or one core sends tidied into a body the server takes.
  const sent: unknown = JSON.parse(JSON.stringify(byCore.data));
  const received = serverSchema.safeParse(sent);
  expect(received.success).toBe(true);
  if (received.success) expect(received.data).toEqual(withLowerCaseIds(sent));
  if (!byServer.success) expect(sent).not.toEqual(body);
}

describe('requests: core and the server read the REST API and the hook (docs/service-api.md) alike', () => {
  it.each([
    ['create a recording (4.1.1)', core.CreateRecordingRequest, wire.CreateRecordingRequest, createBodies.any],
    ['find and filter (4.1.2)', core.ListRecordingsRequest, wire.ListRecordingsRequest, listBodies.any],
    ['update (4.1.4)', core.UpdateRecordingRequest, wire.UpdateRecordingRequest, updateBodies.any],
    ['hook actions (4.2.1 to 4.2.4)', core.HookAction, wire.HookAction, hookBodies],
  ] as Array<[string, Schema, Schema, fc.Arbitrary<unknown>]>)(
    '%s: valid and broken bodies, both accept or both refuse',
    (_label, coreSchema, serverSchema, bodies) => {
      fc.assert(
        fc.property(bodies, (body) => expectRequestsAgree(coreSchema, serverSchema, body)),
        RUNS,
      );
    },
  );

  it('the generators are not vacuous: both sides accept the valid bodies', () => {
    const samples: Array<[Schema, Schema, fc.Arbitrary<unknown>]> = [
      [core.CreateRecordingRequest, wire.CreateRecordingRequest, createBodies.valid],
      [core.ListRecordingsRequest, wire.ListRecordingsRequest, listBodies.valid],
      [core.UpdateRecordingRequest, wire.UpdateRecordingRequest, updateBodies.valid],
    ];
    for (const [coreSchema, serverSchema, bodies] of samples) {
      for (const body of fc.sample(bodies, 50)) {
        expect([coreSchema.safeParse(body).success, serverSchema.safeParse(body).success, body]).toEqual([true, true, body]);
      }
    }
  });

  it('ids: both take any case; the server reads them lower-cased, core sends them as given', () => {
    const id = '3F2B6C1E-8A4D-4C1E-9B7A-2D5E6F7A8B9C';
    const body = { ids: [id], userId: id };
    expect(core.ListRecordingsRequest.parse(body)).toEqual(body);
    expect(wire.ListRecordingsRequest.parse(body)).toEqual({ ids: [id.toLowerCase()], userId: id.toLowerCase() });
  });

  it('labels: core trims the tags and the external reference it sends; the server keeps what it is given', () => {
    const body = { action: 'RECORDING', recording: { externalReference: ' ticket-1 ', tags: [' a', 'b '] } };
    expect(core.HookAction.parse(body)).toEqual({ action: 'RECORDING', recording: { externalReference: 'ticket-1', tags: ['a', 'b'] } });
    expect(wire.HookAction.parse(body)).toEqual(body);
  });

  it("the text fields and their lengths are core's (RECORDING_TEXT_FIELDS on both sides)", () => {
    const lengths = (fields: Record<string, { maxLength: number }>) =>
      Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.maxLength]));
    expect(lengths(RECORDING_TEXT_FIELDS)).toEqual(lengths(core.RECORDING_TEXT_FIELDS));
  });

  describe("past docs/design.md's Limits table: both refuse, naming the same field", () => {
    const longEmail = `${'a'.repeat(LIMITS.emailLength - '@example.com'.length + 1)}@example.com`;
    it.each<[string, Body, string]>([
      ['51 tags', { tags: Array.from({ length: LIMITS.tagsPerRecording + 1 }, (_, index) => `t${index}`) }, 'tags'],
      ['a tag of 101 characters', { tags: ['ok', 'x'.repeat(LIMITS.tagLength + 1)] }, 'tags.1'],
      ...TEXT_FIELD_NAMES.map((name): [string, Body, string] => {
        const length = RECORDING_TEXT_FIELDS[name].maxLength + 1;
        return [`a ${name} of ${length.toLocaleString('en-US')} characters`, { [name]: 'c'.repeat(length) }, name];
      }),
      ['an e-mail of 255 characters', { email: longEmail }, 'email'],
      [
        '21 notifications',
        {
          notifications: Array.from({ length: LIMITS.notificationsPerRecording + 1 }, (_, index) => ({
            type: 'EMAIL',
            value: `n${index}@example.com`,
          })),
        },
        'notifications',
      ],
    ])('%s', (_label, fields, path) => {
      const body = { direction: 'REQUEST', ...fields };
      const byServer = wire.CreateRecordingRequest.safeParse(body);
      const byCore = core.CreateRecordingRequest.safeParse(body);
      expect(byServer.error?.issues.map((issue) => [issue.code, issue.path.join('.')])).toEqual([['too_big', path]]);
      expect(byCore.error?.issues.map((issue) => [issue.code, issue.path.join('.')])).toEqual([['too_big', path]]);
      expect(byCore.error?.issues[0]?.message).toBe(byServer.error?.issues[0]?.message);
    });
  });
});

// Answers: what the server produces (docs/service-api.md: the recording, the endpoints, the errors and its last section's additions).

/** What a mark of each kind may hold (recording-fields.ts). */
const MARK_VALUES: { [Kind in keyof MarkValues]: fc.Arbitrary<MarkValues[Kind]> } = {
  text: fc.string({ maxLength: 12 }),
  flag: fc.constant(true),
};

/** Every field of a recording answer, the declared text fields and marks included. */
const recordingFields: Record<string, fc.Arbitrary<unknown>> = {
  id: fc.uuid(),
  direction: enumOrNot(wire.RECORDING_DIRECTIONS),
  status: enumOrNot(wire.RECORDING_STATUSES),
  tags: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
  notifications: fc.array(fc.record({ type: fc.constant('EMAIL'), value: fc.string({ maxLength: 12 }) }), { maxLength: 2 }),
  ...eachTextField(() => fc.string({ maxLength: 20 })),
  createdDate: instant.map((date) => date.toISOString()),
  userId: fc.uuid(),
  ...Object.fromEntries(Object.entries(RECORDING_MARKS).map(([name, kind]) => [name, MARK_VALUES[kind]])),
  url: httpsUrl,
};
const recordingAnswer = fc.record(recordingFields, {
  requiredKeys: ['id', 'direction', 'status', 'tags', 'notifications', ...ALWAYS_ANSWERED_TEXTS, 'createdDate', 'userId', 'url'],
}) as fc.Arbitrary<Body>;

/** An answer broken in one place, or left as it is. */
function answersFrom(valid: fc.Arbitrary<Body>, bad: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    valid,
    fc
      .tuple(valid, bad)
      .chain(([answer, value]) => fc.constantFrom(...Object.keys(answer)).map((field) => ({ ...answer, [field]: value }))),
    fc.tuple(valid, unknownField).map(([answer, [field, value]]) => ({ ...answer, [field]: value })),
    valid.chain((answer) =>
      fc.constantFrom(...Object.keys(answer)).map((field) => Object.fromEntries(Object.entries(answer).filter(([key]) => key !== field))),
    ),
    fc.oneof(wrongType, fc.string()),
  );
}

const badAnswerValue = fc.oneof(
  wrongType,
  badUuid,
  badDate,
  badUrl,
  fc.constantFrom('ARCHIVED', 'SIDEWAYS', -1, 1.5, [{ type: 'SMS', value: 'x' }], [42]),
);
const page = fc.record({
  content: fc.array(recordingAnswer, { maxLength: 3 }),
  totalElements: fc.nat(),
  totalPages: fc.nat(),
}) as fc.Arbitrary<Body>;
const pageWithBrokenItem = fc.record({
  content: fc.array(answersFrom(recordingAnswer, badAnswerValue), { minLength: 1, maxLength: 2 }),
  totalElements: fc.nat(),
  totalPages: fc.nat(),
});

const ANSWERS: Array<[string, Schema, Schema, fc.Arbitrary<Body>]> = [
  ['a recording (2.3)', wire.RecordingAnswer, core.Recording, recordingAnswer],
  ['a page of recordings (4.1.2)', wire.RecordingPageAnswer, core.RecordingPage, page],
  ['a video link (4.1.3)', wire.PresignAnswer, core.PresignResponse, fc.record({ url: httpsUrl })],
  ['tags found (4.1.5)', wire.TagSearchAnswer, core.TagSearchResponse, fc.record({ result: fc.array(fc.string(), { maxLength: 4 }) })],
  ['PING (4.2.1)', wire.PingAnswer, core.PingAnswer, fc.record({ status: fc.constant('success'), workspace: fc.string() })],
  ['RECORDING (4.2.2)', wire.HookRecordingAnswer, core.RecordingAnswer, fc.record({ url: httpsUrl })],
  ['CALLBACK_SUBSCRIBE (4.2.3)', wire.SubscribeAnswer, core.SubscribeAnswer, fc.record({ subscriptionId: fc.uuid() })],
  ['CALLBACK_UNSUBSCRIBE (4.2.4)', wire.UnsubscribeAnswer, core.UnsubscribeAnswer, fc.record({ status: fc.constant('success') })],
  ['the video-ready notification (6)', wire.VideoReadyNotification, core.VideoReadyNotification, fc.record({ result: httpsUrl })],
  ['an error message (7.1)', wire.MessageAnswer, core.MessageBody, fc.record({ message: fc.string() })],
  ['a hook error answered 200 (7.2)', wire.HookErrorAnswer, core.HookErrorAnswer, fc.record({ error: fc.string() })],
  [
    'a validation failure (docs/service-api.md)',
    wire.ValidationErrorAnswer,
    core.ValidationErrorBody,
    fc.record({
      message: fc.constant('Bad request'),
      errors: fc.array(fc.record({ path: fc.string(), message: fc.string() }), { maxLength: 3 }),
    }),
  ],
];

describe('answers: everything the server produces, core accepts with the same values', () => {
  it.each(ANSWERS)('%s', (_label, serverSchema, coreSchema, valid) => {
    fc.assert(
      fc.property(fc.oneof(valid, answersFrom(valid, badAnswerValue)), (answer) => {
        const byServer = serverSchema.safeParse(answer);
        if (!byServer.success) return;
        const byCore = coreSchema.safeParse(answer);
        expect(byCore.success).toBe(true);
        expect(byCore.data).toEqual(byServer.data);
      }),
      RUNS,
    );
    for (const answer of fc.sample(valid, 20)) expect(serverSchema.safeParse(answer).success).toBe(true);
  });

  it('a page with a broken recording in it: refused by the server schema, and by core unless core is wider there', () => {
    fc.assert(
      fc.property(pageWithBrokenItem, (answer) => {
        const byServer = wire.RecordingPageAnswer.safeParse(answer);
        if (byServer.success) expect(core.RecordingPage.parse(answer)).toEqual(byServer.data);
      }),
      RUNS,
    );
  });

  it('core is wider where a growing service needs it: statuses and directions docs/service-api.md does not list, fields it does not name', () => {
    const [sample] = fc.sample(recordingAnswer, { numRuns: 1, seed: 20 });
    const grown = { ...sample, status: 'ARCHIVED', direction: 'FORWARD', thumbnail: 'https://cdn.example/t.png' };
    const sparse = { id: sample!.id, status: 'NEW' };
    expect([wire.RecordingAnswer.safeParse(grown).success, core.Recording.safeParse(grown).success]).toEqual([false, true]);
    expect([wire.RecordingAnswer.safeParse(sparse).success, core.Recording.safeParse(sparse).success]).toEqual([false, true]);
  });
});

describe("the server's real answers match its wire schemas, and core reads them with the same values", () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await buildQuietServer();
  });
  afterAll(() => server.close());

  it('REST, hook and error answers', async () => {
    const { rest, hook, admin } = clientsOf(server);
    const { tokens } = server.demo;
    const created = await rest('POST', '/recordings', {
      direction: 'REQUEST',
      tags: ['wire'],
      email: 'ana@example.com',
      notifications: [{ type: 'EMAIL', value: 'team@example.com' }],
      comment: 'c',
    });
    const { id } = created.json as { id: string };
    await admin('POST', `/recordings/${id}/status`, { status: 'COMPLETED' });
    const hookRecording = await hook('N8N', tokens.N8N, {
      action: 'RECORDING',
      recording: { externalReference: 'ticket-7', tags: ['hooked'] },
    });
    const subscribed = await hook('N8N', tokens.N8N, { action: 'CALLBACK_SUBSCRIBE', callback: 'https://93.184.216.34/hook' });
    const answers: Array<[Schema, Schema, unknown]> = [
      [wire.RecordingAnswer, core.Recording, created.json],
      [wire.RecordingPageAnswer, core.RecordingPage, (await rest('POST', '/recordings/list', { sortOrder: 'Descending' })).json],
      [wire.RecordingAnswer, core.Recording, (await rest('PUT', `/recordings/${id}`, { comment: 'd' })).json],
      [wire.PresignAnswer, core.PresignResponse, (await rest('GET', `/recordings/${id}/presign`)).json],
      [wire.TagSearchAnswer, core.TagSearchResponse, (await rest('GET', '/recordings/tags?query=w')).json],
      [wire.PingAnswer, core.PingAnswer, (await hook('ZAPIER', tokens.ZAPIER, { action: 'PING' })).json],
      [wire.HookRecordingAnswer, core.RecordingAnswer, hookRecording.json],
      [wire.SubscribeAnswer, core.SubscribeAnswer, subscribed.json],
      [
        wire.UnsubscribeAnswer,
        core.UnsubscribeAnswer,
        (await hook('N8N', tokens.N8N, { action: 'CALLBACK_UNSUBSCRIBE', ...(subscribed.json as object) })).json,
      ],
      [
        wire.HookErrorAnswer,
        core.HookErrorAnswer,
        (await hook('N8N', tokens.N8N, { action: 'CALLBACK_UNSUBSCRIBE', subscriptionId: '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c' })).json,
      ],
      [wire.MessageAnswer, core.MessageBody, (await hook('ZAPIER', 'srt_unknown', { action: 'PING' })).json],
      [wire.ValidationErrorAnswer, core.ValidationErrorBody, (await rest('POST', '/recordings', { direction: 'SIDEWAYS' })).json],
    ];
    for (const [serverSchema, coreSchema, answer] of answers) {
      const byServer = serverSchema.safeParse(answer);
      expect([byServer.success, byServer.error?.issues, answer]).toEqual([true, undefined, answer]);
      expect(coreSchema.parse(answer)).toEqual(byServer.data);
    }
  });
});
