import { z } from 'zod';
import { LIMITS } from './limits';
import { RECORDING_MARKS, RECORDING_TEXT_FIELDS, type MarkName, type MarkValues, type TextFieldName } from './recording-fields';

// The service's side of the wire, read from docs/service-api.md on its own (README.md, "Its own reading of the specification").

/** docs/service-api.md, "The recording" (both). */
export const RECORDING_STATUSES = ['NEW', 'RECORDING', 'REVIEWING', 'PROCESSING', 'COMPLETED'] as const;
export const RECORDING_DIRECTIONS = ['REQUEST', 'RESPONSE'] as const;
/** docs/service-api.md, "REST API" (the list). */
export const SORT_ORDERS = ['Ascending', 'Descending'] as const;
/** docs/service-api.md, "REST API" names only the default; "What the specification leaves open": any other is a 400. */
export const SORT_FIELDS = ['createdDate'] as const;
/** docs/service-api.md, "Two interfaces": the providers, exact case. */
export const HOOK_PROVIDERS = ['ZAPIER', 'N8N'] as const;
/** docs/service-api.md, "Limits". */
export const DEFAULT_PAGE_SIZE = 10;
/** docs/design.md, "Limits" (the service: "not shown"). */
export const MAX_PAGE_SIZE = 100;

export const RecordingStatus = z.enum(RECORDING_STATUSES);
export const RecordingDirection = z.enum(RECORDING_DIRECTIONS);
export const HookProvider = z.enum(HOOK_PROVIDERS);
export type RecordingStatus = z.infer<typeof RecordingStatus>;
export type RecordingDirection = z.infer<typeof RecordingDirection>;
export type HookProvider = z.infer<typeof HookProvider>;

/** Unicode's control characters (C0, DEL and C1): no tag holds one. */
export const CONTROL_CHARACTER = /\p{Cc}/u;

/** "string (UUID)": the 8-4-4-4-12 hex form. Ids are only compared, never interpreted, so no version is required. */
export const Uuid = z.guid({ error: 'must be a UUID such as 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c' });

/** An id as a request carries it, lower-cased here, where it enters: UUIDs compare without regard to case. */
export const RequestId = Uuid.transform((id) => id.toLowerCase());

const EmailAddress = z
  .email({ error: 'must be an e-mail address such as ana@example.com' })
  .max(LIMITS.emailLength, { error: `must be at most ${LIMITS.emailLength} characters` });

/** "Labels": not blank (a label has something to show), no control character (SQLite ends a tag at a NUL); kept as given. */
const Label = z
  .string()
  .refine((tag) => tag.trim() !== '', { error: 'must not be blank' })
  .refine((tag) => !CONTROL_CHARACTER.test(tag), { error: 'must not contain control characters' });
const Tag = Label.max(LIMITS.tagLength, { error: `must be at most ${LIMITS.tagLength} characters` });
const Tags = z.array(Tag).max(LIMITS.tagsPerRecording, { error: `must have at most ${LIMITS.tagsPerRecording} tags` });

/** One schema per entry of `fields`, made by `schema`, in the declaration's order. */
function shapeOf<Fields extends object, Shape extends { [Name in keyof Fields]: z.ZodType }>(
  fields: Fields,
  schema: (field: Fields[keyof Fields]) => z.ZodType,
): Shape {
  return Object.fromEntries(Object.entries(fields).map(([name, field]: [string, Fields[keyof Fields]]) => [name, schema(field)])) as Shape;
}

type TextFields = typeof RECORDING_TEXT_FIELDS;
/** What a request may set each text field to (recording-fields.ts). */
const textRequestShape = shapeOf<TextFields, { [Name in TextFieldName]: z.ZodOptional<z.ZodString> }>(RECORDING_TEXT_FIELDS, (field) =>
  z
    .string()
    .max(field.maxLength, { error: `must be at most ${field.maxLength.toLocaleString('en-US')} characters` })
    .optional(),
);

/** docs/service-api.md, "The recording": each notification is `{type: "EMAIL", value: address}`. */
export const NotificationRequest = z.strictObject({ type: z.literal('EMAIL'), value: EmailAddress });

/** "ISO 8601": a date, or a date-time that says its zone (a local time would depend on where the server runs). */
const IsoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'must be an ISO 8601 date or date-time with its zone, such as 2026-11-21 or 2026-11-21T09:30:00Z',
});

/** docs/service-api.md, "REST API" (`POST /recordings`). */
export const CreateRecordingRequest = z.strictObject({
  email: EmailAddress.optional(),
  direction: RecordingDirection,
  tags: Tags.optional(),
  notifications: z
    .array(NotificationRequest)
    .max(LIMITS.notificationsPerRecording, { error: `must have at most ${LIMITS.notificationsPerRecording} entries` })
    .optional(),
  ...textRequestShape,
});

/** docs/service-api.md, "REST API": every field optional; pageSize bounded and sortField fixed as its last section says. */
export const ListRecordingsRequest = z.strictObject({
  ids: z.array(RequestId).optional(),
  userId: RequestId.optional(),
  statuses: z.array(RecordingStatus).optional(),
  directions: z.array(RecordingDirection).optional(),
  tags: z.array(Label).optional(),
  createdDateFrom: IsoDate.optional(),
  createdDateTo: IsoDate.optional(),
  first: z.int().min(0).optional(),
  pageSize: z.int().min(1).max(MAX_PAGE_SIZE).optional(),
  sortField: z.enum(SORT_FIELDS).optional(),
  sortOrder: z.enum(SORT_ORDERS).optional(),
});

/** docs/service-api.md, "REST API" (`PUT /recordings/{id}`). */
export const UpdateRecordingRequest = z.strictObject({ tags: Tags.optional(), ...textRequestShape });

/** docs/service-api.md, "REST API" (`GET /recordings/tags`): `query` is required; a blank one is valid and matches nothing. */
export const TagSearchQuery = z.object({ query: z.string() });

/** docs/service-api.md, "Automation hook". A callback is an absolute URL; whether http: is allowed is the address policy's call. */
export const HookAction = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('PING') }),
  z.strictObject({
    action: z.literal('RECORDING'),
    recording: z.strictObject({
      tags: Tags.optional(),
      externalReference: z.string().refine((reference) => reference.trim() !== '', { error: 'must not be blank' }),
    }),
  }),
  z.strictObject({ action: z.literal('CALLBACK_SUBSCRIBE'), callback: z.url({ protocol: /^https?$/, error: 'must be a full https URL' }) }),
  z.strictObject({ action: z.literal('CALLBACK_UNSUBSCRIBE'), subscriptionId: RequestId }),
]);
export type HookAction = z.output<typeof HookAction>;

// Answers (the others' schemas are the tests', test/answers.ts).

export const HttpUrl = z.url({ protocol: /^https?$/ });

/** How each text field is answered: always (with its `unset` value until set), or only once set; each mark once set. */
const textAnswerShape = shapeOf<
  TextFields,
  { [Name in TextFieldName]: TextFields[Name] extends { unset: string } ? z.ZodString : z.ZodOptional<z.ZodString> }
>(RECORDING_TEXT_FIELDS, (field) => ('unset' in field ? z.string() : z.string().optional()));
const MARK_SCHEMAS: { [Kind in keyof MarkValues]: z.ZodType<MarkValues[Kind]> } = { text: z.string(), flag: z.literal(true) };
const markAnswerShape = shapeOf<
  typeof RECORDING_MARKS,
  { [Name in MarkName]: z.ZodOptional<(typeof MARK_SCHEMAS)[(typeof RECORDING_MARKS)[Name]]> }
>(RECORDING_MARKS, (kind) => MARK_SCHEMAS[kind].optional());

/** docs/service-api.md, "The recording", with its last section's additions: userId, the marks and url. */
export const RecordingAnswer = z.strictObject({
  id: Uuid,
  direction: RecordingDirection,
  status: RecordingStatus,
  tags: z.array(z.string()),
  notifications: z.array(z.strictObject({ type: z.literal('EMAIL'), value: z.string() })),
  ...textAnswerShape,
  createdDate: z.iso.datetime(),
  userId: Uuid,
  ...markAnswerShape,
  url: HttpUrl,
});
export type RecordingAnswer = z.output<typeof RecordingAnswer>;

/** docs/service-api.md, "What the specification leaves open": a validation failure names the fields. */
export const FieldError = z.strictObject({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;
