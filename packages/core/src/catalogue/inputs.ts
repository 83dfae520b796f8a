import * as z from 'zod/v4';
import { cleanTags } from './recording-input.js';
import {
  CreateRecordingRequest,
  IsoDateOrDateTime,
  ListRecordingsRequest,
  RECORDING_TEXT_FIELD_KEYS,
  RecordingDirection,
  UpdateRecordingRequest,
  Uuid,
  type RecordingTextFieldKey,
} from '../wire/schemas.js';
import { PLATFORMS, type Platform } from './platforms.js';
import { RECORDING_FIELDS } from './recording-fields.js';

/**
 * One input an operation takes, declared once: the value it holds once a platform has read it (a list is a list,
 * whatever the form gave), what a person reads for it, and the names it is known by.
 */
export interface InputField<Schema extends z.ZodType = z.ZodType> {
  schema: Schema;
  label: string;
  /** What to fill in, for a person and a model alike; platforms add only their own idiom (how to type a list). */
  help: string;
  example: z.output<Schema>;
  /**
   * The argument name an AI model fills it by on n8n (`$fromAI('<aiName>', …)`): fixed here, never derived from the
   * label, because saved agent workflows use it. Absent: a model never fills it.
   */
  aiName?: string;
  /** Its key on the platforms that released it under another name than the catalogue's. */
  keys?: Partial<Record<Platform, string>>;
}

/** The Update Recording input that sets a text field: newComment. */
export type NewTextInputName<Key extends RecordingTextFieldKey = RecordingTextFieldKey> = `new${Capitalize<Key>}`;
export function newTextInputName<Key extends RecordingTextFieldKey>(key: Key): NewTextInputName<Key> {
  return `new${key.charAt(0).toUpperCase()}${key.slice(1)}` as NewTextInputName<Key>;
}
/** The Update Recording inputs of the text fields, in RECORDING_TEXT_FIELDS' order. */
export const NEW_TEXT_INPUT_NAMES = RECORDING_TEXT_FIELD_KEYS.map(newTextInputName);

/** Where a text field's inputs were released with other words than its RECORDING_FIELDS entry gives. */
const RELEASED_TEXT_WORDING: { readonly [Key in RecordingTextFieldKey]?: { noun: string; help: string; newExample: string } } = {
  comment: {
    noun: 'internal note',
    help: 'An internal note kept with the recording, never shown to the person who records.',
    newExample: 'Fixed in release 4.2',
  },
};

/** How a sentence names a text field: "the new internal note". */
export function textFieldNoun(key: RecordingTextFieldKey): string {
  return RELEASED_TEXT_WORDING[key]?.noun ?? RECORDING_FIELDS[key].label.toLowerCase();
}

/** n8n's `$fromAI` name for a text field, from its key (saved agent workflows use it, so never from its label): internalNote is Internal_Note. */
function textAiName(key: RecordingTextFieldKey): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/^./, (first) => first.toUpperCase());
}

type TextInput = InputField<z.ZodString> & { aiName: string };

/** A text field's input, labelled as the field and filled by a model under the field's key. */
function textInput(key: RecordingTextFieldKey, schema: z.ZodString, help: string, example: string): TextInput {
  return { schema, label: RECORDING_FIELDS[key].label, help, example, aiName: textAiName(key) };
}

/** Request Recording by Email's input of each text field, under the field's own key. */
function textInputs(): { readonly [Key in RecordingTextFieldKey]: TextInput } {
  const inputs = RECORDING_TEXT_FIELD_KEYS.map((key) => {
    const { help, example } = RECORDING_FIELDS[key];
    const schema = CreateRecordingRequest.shape[key].unwrap();
    return [key, textInput(key, schema, RELEASED_TEXT_WORDING[key]?.help ?? help, example ?? '')];
  });
  return Object.fromEntries(inputs) as { readonly [Key in RecordingTextFieldKey]: TextInput };
}

type NewTextInputs = {
  readonly [Key in RecordingTextFieldKey as NewTextInputName<Key>]: TextInput & { keys: { readonly [On in Platform]: Key } };
};

/** Update Recording's input of each text field: released under the field's own key on every platform. */
function newTextInputs(): NewTextInputs {
  const inputs = RECORDING_TEXT_FIELD_KEYS.map((key) => {
    const help = `The new ${textFieldNoun(key)}, which replaces the current one; left empty, the current one stays.`;
    const example = RELEASED_TEXT_WORDING[key]?.newExample ?? RECORDING_FIELDS[key].example ?? '';
    const input = textInput(key, UpdateRecordingRequest.shape[key].unwrap(), help, example);
    return [newTextInputName(key), { ...input, keys: Object.fromEntries(PLATFORMS.map((platform) => [platform, key])) }];
  });
  return Object.fromEntries(inputs) as NewTextInputs;
}

const tagList = CreateRecordingRequest.shape.tags.unwrap();
const TAGS_EXAMPLE = ['support', 'vip'];

/** Every input of every operation. An input means one thing: tags put on a new recording are not the tags a filter looks for. */
export const INPUT_FIELDS = {
  recordingId: {
    schema: Uuid,
    label: RECORDING_FIELDS.id.label,
    help: "The recording's ID (a UUID), from the step or tool that made or found it.",
    example: RECORDING_FIELDS.id.example,
    aiName: 'Recording',
  },
  externalReference: {
    schema: z.string().trim().min(1, { error: 'must not be empty' }),
    label: RECORDING_FIELDS.externalReference.label,
    help: 'Your own identifier for this request, such as a ticket, order or conversation ID. It is kept with the recording, so the recording can be found by it later.',
    example: RECORDING_FIELDS.externalReference.example,
    aiName: 'External_Reference',
  },
  tags: {
    schema: tagList.transform((tags) => cleanTags(tags)),
    label: RECORDING_FIELDS.tags.label,
    help: 'Labels to put on the new recording, such as a team or topic.',
    example: TAGS_EXAMPLE,
    aiName: 'Tags',
  },
  direction: {
    schema: RecordingDirection.default('REQUEST'),
    label: RECORDING_FIELDS.direction.label,
    help: 'REQUEST asks someone else to record their screen; RESPONSE is a recording of your own to share.',
    example: 'REQUEST',
  },
  email: {
    schema: CreateRecordingRequest.shape.email.unwrap(),
    label: 'Invite Email',
    help: 'E-mail address of the person asked to record: ScreenRec e-mails them an invitation with the recording link. Leave empty to send no e-mail.',
    example: 'ana@example.com',
    aiName: 'Email',
  },
  notificationEmails: {
    schema: z.array(CreateRecordingRequest.shape.email.unwrap()),
    label: 'Notification Emails',
    help: 'Addresses ScreenRec notifies about this recording, such as the team that asked for it.',
    example: ['team@example.com'],
    aiName: 'Notification_Emails',
    keys: { mcp: 'notifyEmails' },
  },
  ...textInputs(),
  newTags: {
    schema: UpdateRecordingRequest.shape.tags.unwrap(),
    label: RECORDING_FIELDS.tags.label,
    help: 'The new tags. They replace all current tags; left empty, the tags stay.',
    example: TAGS_EXAMPLE,
    aiName: 'Tags',
    keys: { zapier: 'tags', n8n: 'tags', mcp: 'tags', nodeRed: 'tags' },
  },
  ...newTextInputs(),
  removeAllTags: {
    schema: z.boolean(),
    label: 'Remove All Tags',
    help: 'Whether to remove every tag from the recording (leave Tags empty then).',
    example: false,
    aiName: 'Remove_All_Tags',
    keys: { zapier: 'clearTags' },
  },
  statuses: {
    schema: ListRecordingsRequest.shape.statuses.unwrap(),
    label: 'Statuses',
    help: 'Only recordings in one of these states; COMPLETED recordings have a video. Empty: any state.',
    example: ['COMPLETED'],
    aiName: 'Statuses',
  },
  directions: {
    schema: ListRecordingsRequest.shape.directions.unwrap(),
    label: 'Directions',
    help: 'Only recordings of these directions: REQUEST (someone else records) or RESPONSE (you record). Empty: both.',
    example: ['REQUEST'],
    aiName: 'Directions',
    keys: { zapier: 'direction' },
  },
  filterTags: {
    schema: ListRecordingsRequest.shape.tags.unwrap(),
    label: RECORDING_FIELDS.tags.label,
    help: 'Only recordings with at least one of these tags. Empty: any tags.',
    example: ['support'],
    aiName: 'Tags',
    keys: { zapier: 'tags', n8n: 'tags', mcp: 'tags', nodeRed: 'tags' },
  },
  createdDateFrom: {
    schema: IsoDateOrDateTime,
    label: 'Created From',
    help: 'Only recordings created on or after this date or date-time (ISO 8601, such as 2026-11-01 or 2026-11-01T09:00:00Z).',
    example: '2026-11-01',
    aiName: 'Created_After',
    keys: { zapier: 'createdFrom' },
  },
  createdDateTo: {
    schema: IsoDateOrDateTime,
    label: 'Created To',
    help: 'Only recordings created on or before this date (the whole day counts) or date-time.',
    example: '2026-11-30',
    aiName: 'Created_Before',
    keys: { zapier: 'createdTo' },
  },
  filterReference: {
    schema: z.string().trim().min(1, { error: 'must not be empty' }),
    label: RECORDING_FIELDS.externalReference.label,
    help: 'Only recordings made by Create Recording Link with exactly this external reference.',
    example: RECORDING_FIELDS.externalReference.example,
    aiName: 'External_Reference',
    keys: { zapier: 'externalReference', n8n: 'externalReference', mcp: 'externalReference', nodeRed: 'externalReference' },
  },
  ids: {
    schema: ListRecordingsRequest.shape.ids.unwrap(),
    label: 'Recording IDs',
    help: 'Only these recordings, by ID (UUIDs).',
    example: [RECORDING_FIELDS.id.example],
    aiName: 'Recording_IDs',
  },
  userId: {
    schema: Uuid,
    label: 'User ID',
    help: 'Only recordings made by this workspace user (a UUID).',
    example: RECORDING_FIELDS.userId.example,
    aiName: 'User_ID',
  },
  query: {
    schema: z.string().trim().min(1, { error: 'must not be empty' }),
    label: 'Tag Contains',
    help: 'Part of a tag name, such as "onb" for "onboarding" (case-insensitive).',
    example: 'onb',
    aiName: 'Query',
  },
} as const satisfies Record<string, InputField>;

export type InputName = keyof typeof INPUT_FIELDS;

/** An input's key on a platform: the one it released, else the catalogue's. */
export function inputKey(name: InputName, platform: Platform): string {
  const field: InputField = INPUT_FIELDS[name];
  return field.keys?.[platform] ?? name;
}
