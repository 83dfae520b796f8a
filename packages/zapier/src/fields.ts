import {
  DIRECTION_LABELS,
  INPUT_FIELDS,
  NEWEST_FIRST,
  RECORDING_DIRECTIONS,
  RECORDING_STATUSES,
  STATUS_LABELS,
  inTimeZone,
  inputKey,
  inputKind,
  type InputName,
  type RecordingDirection,
  type RecordingFilter,
  type RecordingStatus,
} from 'screenrec';
import type { FieldChoiceWithLabel, PlainInputField } from 'zapier-platform-core';

function choicesOf<V extends string>(values: readonly V[], labels: Readonly<Record<V, string>>): (FieldChoiceWithLabel & { value: V })[] {
  return values.map((value) => ({ value, sample: value, label: labels[value] }));
}

export const directionChoices = choicesOf(RECORDING_DIRECTIONS, DIRECTION_LABELS);
export const statusChoices = choicesOf(RECORDING_STATUSES, STATUS_LABELS);

/** The hidden trigger that lists the workspace's tags for dropdowns (free text stays allowed). */
export const TAG_DROPDOWN = 'tagList.id.name';
/** The hidden trigger that lists the newest recordings for every Recording ID dropdown. */
export const RECORDING_DROPDOWN = 'recordingList.id.label';
/** "Search for it" beside a Recording ID field: Find Recording, whose `id` fills the field. */
export const RECORDING_SEARCH = 'findRecording.id';

/** How a date field's help text ends: which time zone a date without a time zone is read in. */
export const DATE_ZONE_HELP =
  "A date without a time zone is read in your Zap's time zone (UTC when Zapier gives none), for example `2026-11-01` or `2026-11-01T09:00`.";

const RECORDING_ID_HELP =
  'Pick one of the newest from the list, or map the ID from an earlier step (**New Recording**, **Find Recording**).';

/**
 * What Zapier adds to a catalogue input: its dropdowns (the tags in use, the newest recordings, a search beside the
 * Recording ID), the choices of a fixed vocabulary, multi-line text, dates read in the Zap's time zone. A filter
 * Zapier released as one value stays one value.
 */
const ZAPIER_IDIOMS: Partial<Record<InputName, Partial<PlainInputField>>> = {
  recordingId: { dynamic: RECORDING_DROPDOWN, search: RECORDING_SEARCH, helpText: RECORDING_ID_HELP },
  tags: { dynamic: TAG_DROPDOWN },
  newTags: { dynamic: TAG_DROPDOWN },
  filterTags: { dynamic: TAG_DROPDOWN },
  direction: { choices: directionChoices },
  directions: { choices: directionChoices, list: false, label: INPUT_FIELDS.direction.label },
  statuses: { choices: statusChoices },
  comment: { type: 'text' },
  newComment: { type: 'text' },
  createdDateFrom: { type: 'datetime', helpText: DATE_ZONE_HELP },
  createdDateTo: { type: 'datetime', helpText: DATE_ZONE_HELP },
};

/** "For example `support` and `vip`." for an example value; a yes-or-no field names Zapier's two answers. */
function exampleText(example: unknown): string {
  if (typeof example === 'boolean') return 'Choose `True` or `False`.';
  const values = (Array.isArray(example) ? example : [example]).map((value) => `\`${String(value)}\``);
  return `For example ${values.join(' and ')}.`;
}

/** The value an input takes when left empty, when its schema has one (Direction: REQUEST). */
function defaultOf(name: InputName): string | undefined {
  const parsed = INPUT_FIELDS[name].schema.safeParse(undefined);
  return parsed.success && parsed.data !== undefined ? String(parsed.data) : undefined;
}

/** How a step adjusts a catalogue input's field: Zapier's own properties, and what its help says beyond the catalogue's. */
export type FieldOverrides = Partial<PlainInputField> & { moreHelp?: string };

/**
 * A catalogue input as a Zapier input field: its released key, the catalogue's label and help with an example,
 * a list where the value is a list, and Zapier's idioms. A field with a default is required (Zapier then fills in
 * the default).
 */
export function inputField(name: InputName, required: boolean, overrides: FieldOverrides = {}): PlainInputField {
  const field = INPUT_FIELDS[name];
  const { helpText: idiomHelp, ...idiom } = ZAPIER_IDIOMS[name] ?? {};
  const { moreHelp, ...fieldOverrides } = overrides;
  const fallback = defaultOf(name);
  const { kind } = inputKind(name);
  const help = [field.help, idiomHelp, moreHelp, exampleText(field.example)].filter((part) => part !== undefined).join(' ');
  return {
    key: inputKey(name, 'zapier'),
    label: field.label,
    ...(kind === 'boolean' ? { type: 'boolean' as const, default: 'false' } : {}),
    ...(kind === 'list' || kind === 'choices' ? { list: true } : {}),
    required: required || fallback !== undefined,
    ...(fallback === undefined ? {} : { default: fallback }),
    ...idiom,
    helpText: help,
    ...fieldOverrides,
  };
}

/** Each field's label by its key, for error messages that name what the user filled in. */
export function fieldLabels(fields: readonly PlainInputField[]): Record<string, string> {
  return Object.fromEntries(fields.flatMap((field) => (field.label === undefined ? [] : [[field.key, field.label]])));
}

/** Zapier hands list fields over with blanks where a user left an empty row. */
export function cleanList(values: readonly string[] | undefined): string[] {
  return (values ?? []).map((value) => value.trim()).filter((value) => value !== '');
}

/** undefined for a blank optional text field, so nothing is sent for it. */
export function cleanText(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** Zapier hands a boolean field over as a boolean, or as the text of a mapped value ("true", "yes"). */
export function isTrue(value: unknown): boolean {
  return value === true || (typeof value === 'string' && ['true', 'yes', '1'].includes(value.trim().toLowerCase()));
}

/** The list filters as every recording step offers them, in this order. */
export const FILTER_INPUTS = ['directions', 'statuses', 'filterTags'] as const satisfies readonly InputName[];

/** The labels of the filter fields, for error messages that name what the user filled in (core's paths too). */
export const FILTER_FIELD_LABELS: Readonly<Record<string, string>> = {
  ids: INPUT_FIELDS.recordingId.label,
  recordingId: INPUT_FIELDS.recordingId.label,
  directions: INPUT_FIELDS.directions.label,
  direction: INPUT_FIELDS.directions.label,
  statuses: INPUT_FIELDS.statuses.label,
  tags: INPUT_FIELDS.filterTags.label,
  createdDateFrom: INPUT_FIELDS.createdDateFrom.label,
  // A search by external reference names its window so.
  createdAfter: INPUT_FIELDS.createdDateFrom.label,
  createdDateTo: INPUT_FIELDS.createdDateTo.label,
};

export type RecordingFilterInput = {
  recordingId?: string;
  direction?: string;
  statuses?: string[];
  tags?: string[];
  createdFrom?: string;
  createdTo?: string;
};

/**
 * The list filter for what a user filled in; blank fields filter nothing. Values are passed on as typed:
 * core validates them before sending (an unknown state becomes INVALID_INPUT naming the field).
 */
export function recordingFilter(input: RecordingFilterInput, timezone: string | null = null): RecordingFilter {
  const recordingId = cleanText(input.recordingId);
  const direction = cleanText(input.direction);
  const statuses = cleanList(input.statuses);
  const tags = cleanList(input.tags);
  const createdFrom = cleanText(input.createdFrom);
  const createdTo = cleanText(input.createdTo);
  return {
    ...(recordingId === undefined ? {} : { ids: [recordingId.trim()] }),
    ...(direction === undefined ? {} : { directions: [direction as RecordingDirection] }),
    ...(statuses.length === 0 ? {} : { statuses: statuses as RecordingStatus[] }),
    ...(tags.length === 0 ? {} : { tags }),
    ...(createdFrom === undefined ? {} : { createdDateFrom: inTimeZone(createdFrom, timezone) }),
    ...(createdTo === undefined ? {} : { createdDateTo: inTimeZone(createdTo, timezone) }),
    ...NEWEST_FIRST,
  };
}
