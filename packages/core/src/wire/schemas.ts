import * as z from 'zod/v4';
import { formatCount } from '../errors/messages.js';

/** Values the service API fixes; platforms offer them as choices. */
export const RECORDING_STATUSES = ['NEW', 'RECORDING', 'REVIEWING', 'PROCESSING', 'COMPLETED'] as const;
export const RECORDING_DIRECTIONS = ['REQUEST', 'RESPONSE'] as const;
export const SORT_ORDERS = ['Ascending', 'Descending'] as const;
export const SORT_FIELDS = ['createdDate'] as const;
export const HOOK_PROVIDERS = ['ZAPIER', 'N8N'] as const;
export const MAX_PAGE_SIZE = 100;
/** The list order every platform uses unless the user picks another. */
export const NEWEST_FIRST = { sortField: 'createdDate', sortOrder: 'Descending' } as const;
export const DEFAULT_PAGE_SIZE = 10;
/**
 * The free-text fields a user sets on a recording, on create and on update, declared once: the recording's shape,
 * both request bodies, the limits, the inputs of Request Recording by Email and Update Recording and the update rule
 * are derived from it. Its label, help and example are the field's entry in RECORDING_FIELDS.
 */
export const RECORDING_TEXT_FIELDS = {
  comment: { maxLength: 10_000 },
} as const;
export type RecordingTextFieldKey = keyof typeof RECORDING_TEXT_FIELDS;
export const RECORDING_TEXT_FIELD_KEYS = Object.keys(RECORDING_TEXT_FIELDS) as RecordingTextFieldKey[];

/**
 * docs/design.md's Limits on what a recording carries: checked before sending, so a step names the field to fix instead
 * of passing on the service's 400. A text field's length is its RECORDING_TEXT_FIELDS entry.
 */
export const FIELD_LIMITS = {
  tagsPerRecording: 50,
  tagLength: 100,
  emailLength: 254,
  notificationsPerRecording: 20,
} as const;

export const RecordingStatus = z.enum(RECORDING_STATUSES);
export const RecordingDirection = z.enum(RECORDING_DIRECTIONS);
export const SortOrder = z.enum(SORT_ORDERS);
export const HookProvider = z.enum(HOOK_PROVIDERS);

/** Any 8-4-4-4-12 hex id: the service's ids are UUIDs, and we do not police their version. */
export const Uuid = z.guid({ error: 'must be a UUID such as 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c' });
export const Email = z
  .email({ error: 'must be an e-mail address such as ana@example.com' })
  .max(FIELD_LIMITS.emailLength, { error: `must be at most ${FIELD_LIMITS.emailLength} characters` });
export const IsoDateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'must be an ISO 8601 date or date-time such as 2026-11-21 or 2026-11-21T09:30:00Z',
});
const Tag = z.string().trim().min(1, { error: 'must not be empty' });
/** The tags a recording is given (filters take any number of any length). */
const RecordingTags = z
  .array(Tag.max(FIELD_LIMITS.tagLength, { error: `must be at most ${FIELD_LIMITS.tagLength} characters` }))
  .max(FIELD_LIMITS.tagsPerRecording, { error: `must have at most ${FIELD_LIMITS.tagsPerRecording} tags` });

/** One schema per text field, made by `schema` from the field's maximum length, in RECORDING_TEXT_FIELDS' order. */
function textFieldShape<Schema extends z.ZodType>(schema: (maxLength: number) => Schema): { [Key in RecordingTextFieldKey]: Schema } {
  const shape = Object.fromEntries(RECORDING_TEXT_FIELD_KEYS.map((key) => [key, schema(RECORDING_TEXT_FIELDS[key].maxLength)]));
  return shape as { [Key in RecordingTextFieldKey]: Schema };
}
/** What a user may set each text field to, in a request body. */
const textInputShape = () =>
  textFieldShape((maxLength) =>
    z
      .string()
      .max(maxLength, { error: `must be at most ${formatCount(maxLength)} characters` })
      .optional(),
  );
const HttpUrl = z.url({ protocol: /^https?$/, error: 'must be a full http(s) URL' });

export const Notification = z.looseObject({ type: z.literal('EMAIL'), value: z.string() });
export const NotificationInput = z.strictObject({ type: z.literal('EMAIL'), value: Email });

/** A status as an answer gives it: one the service API lists, or a newer one, passed through as it is rather than failing. */
export type AnsweredStatus = RecordingStatus | (string & {});
/** A direction as an answer gives it, likewise. */
export type AnsweredDirection = RecordingDirection | (string & {});
const AnsweredStatus = z.union([RecordingStatus, z.string().min(1)]) as z.ZodType<AnsweredStatus, string>;
const AnsweredDirection = z.union([RecordingDirection, z.string().min(1)]) as z.ZodType<AnsweredDirection, string>;

/** A recording as the service returns it; extra fields are kept because the service API does not list them all. */
export const Recording = z.looseObject({
  id: Uuid,
  status: AnsweredStatus,
  direction: AnsweredDirection.optional(),
  tags: z.array(z.string()).default([]),
  notifications: z.array(Notification).optional(),
  // The service answers null for a text field never set.
  ...textFieldShape(() => z.string().nullish()),
  createdDate: z.string().optional(),
  userId: z.string().optional(),
  externalReference: z.string().optional(),
  url: z.string().optional(),
});

// Request bodies are strict: an unknown field is a mistake worth naming, on both sides of the wire.
export const CreateRecordingRequest = z.strictObject({
  email: Email.optional(),
  direction: RecordingDirection,
  tags: RecordingTags.optional(),
  notifications: z
    .array(NotificationInput)
    .max(FIELD_LIMITS.notificationsPerRecording, { error: `must have at most ${FIELD_LIMITS.notificationsPerRecording} entries` })
    .optional(),
  ...textInputShape(),
});

export const ListRecordingsRequest = z.strictObject({
  ids: z.array(Uuid).optional(),
  userId: Uuid.optional(),
  statuses: z.array(RecordingStatus).optional(),
  directions: z.array(RecordingDirection).optional(),
  tags: z.array(Tag).optional(),
  createdDateFrom: IsoDateOrDateTime.optional(),
  createdDateTo: IsoDateOrDateTime.optional(),
  first: z.number().int().min(0).optional(),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  sortField: z.enum(SORT_FIELDS).optional(),
  sortOrder: SortOrder.optional(),
});

export const RecordingPage = z.looseObject({
  content: z.array(Recording),
  totalElements: z.number().int().min(0),
  totalPages: z.number().int().min(0),
});

export const PresignResponse = z.looseObject({ url: HttpUrl });

export const UpdateRecordingRequest = z.strictObject({
  tags: RecordingTags.optional(),
  ...textInputShape(),
});

export const TagSearchResponse = z.looseObject({ result: z.array(z.string()) });

// The automation-hook endpoint: one URL, the body chosen by `action`.
export const PingAction = z.strictObject({ action: z.literal('PING') });
export const RecordingAction = z.strictObject({
  action: z.literal('RECORDING'),
  recording: z.strictObject({
    tags: RecordingTags.optional(),
    externalReference: z.string().trim().min(1, { error: 'must not be empty' }),
  }),
});
export const CallbackUrl = z.url({ protocol: /^https?$/, error: 'must be a full https URL' });
export const CallbackSubscribeAction = z.strictObject({
  action: z.literal('CALLBACK_SUBSCRIBE'),
  callback: CallbackUrl,
});
export const CallbackUnsubscribeAction = z.strictObject({
  action: z.literal('CALLBACK_UNSUBSCRIBE'),
  subscriptionId: Uuid,
});
export const HookAction = z.discriminatedUnion('action', [PingAction, RecordingAction, CallbackSubscribeAction, CallbackUnsubscribeAction]);

export const PingAnswer = z.looseObject({ status: z.literal('success'), workspace: z.string() });
export const RecordingAnswer = z.looseObject({ url: HttpUrl });
export const SubscribeAnswer = z.looseObject({ subscriptionId: Uuid });
export const UnsubscribeAnswer = z.looseObject({ status: z.literal('success') });

/** The outgoing "video ready" notification the service POSTs to a registered callback. */
export const VideoReadyNotification = z.looseObject({ result: HttpUrl });

// Error bodies.
export const MessageBody = z.looseObject({ message: z.string() });
export const HookErrorAnswer = z.looseObject({ error: z.string() });
export const FieldError = z.object({ path: z.string(), message: z.string() });
export const ValidationErrorBody = z.looseObject({ message: z.string(), errors: z.array(FieldError).optional() });

export type RecordingStatus = z.infer<typeof RecordingStatus>;
export type RecordingDirection = z.infer<typeof RecordingDirection>;
export type SortOrder = z.infer<typeof SortOrder>;
export type HookProvider = z.infer<typeof HookProvider>;
export type Recording = z.output<typeof Recording>;
export type CreateRecordingRequest = z.input<typeof CreateRecordingRequest>;
export type ListRecordingsRequest = z.input<typeof ListRecordingsRequest>;
export type RecordingPage = z.output<typeof RecordingPage>;
export type UpdateRecordingRequest = z.input<typeof UpdateRecordingRequest>;
export type HookAction = z.infer<typeof HookAction>;
export type PingAnswer = z.output<typeof PingAnswer>;
export type VideoReadyNotification = z.output<typeof VideoReadyNotification>;
export type FieldError = z.infer<typeof FieldError>;
