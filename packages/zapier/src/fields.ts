import {
  DIRECTION_LABELS,
  NEWEST_FIRST,
  RECORDING_DIRECTIONS,
  RECORDING_STATUSES,
  STATUS_LABELS,
  inTimeZone,
  type RecordingDirection,
  type RecordingFilter,
  type RecordingStatus,
} from '@screenrec/core';
import { defineInputField, type FieldChoiceWithLabel } from 'zapier-platform-core';

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

export const recordingIdField = defineInputField({
  key: 'recordingId',
  label: 'Recording ID',
  required: true,
  dynamic: RECORDING_DROPDOWN,
  search: RECORDING_SEARCH,
  helpText:
    'The ScreenRec recording: pick one of the newest from the list, map its ID from an earlier step (**New Recording**, **Find Recording**), or type an ID such as `3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c`.',
});

/** How a date field's help text ends: which time zone a date without a time zone is read in. */
export const DATE_ZONE_HELP =
  "A date without a time zone is read in your Zap's time zone (UTC when Zapier gives none), for example `2026-11-01` or `2026-11-01T09:00`.";

/** Zapier hands list fields over with blanks where a user left an empty row. */
export function cleanList(values: readonly string[] | undefined): string[] {
  return (values ?? []).map((value) => value.trim()).filter((value) => value !== '');
}

/** undefined for a blank optional text field, so nothing is sent for it. */
export function cleanText(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** A Tags input: one tag a row, with the tags in use to pick from (free text stays allowed). */
function tagsField(helpText: string) {
  return defineInputField({ key: 'tags', label: 'Tags', list: true, required: false, dynamic: TAG_DROPDOWN, helpText });
}

export const newRecordingTagsField = tagsField('Labels for the new recording, for example `support`.');

export const tagsFilterField = tagsField(
  'Only recordings with at least one of these tags, for example `support`. Leave empty for any tags.',
);

export const updateTagsField = tagsField(
  'The new tags, for example `support` and `resolved`. They **replace** all current tags; leave empty to keep them.',
);

/** A Comment input: the recording's internal note, which the person who records never sees. */
export function commentField(helpText: string) {
  return defineInputField({ key: 'comment', label: 'Comment', type: 'text', required: false, helpText });
}

export const statusesFilterField = defineInputField({
  key: 'statuses',
  label: 'Statuses',
  list: true,
  required: false,
  choices: statusChoices,
  helpText: 'Only recordings in one of these states, for example `COMPLETED`. Leave empty for any state.',
});

export const directionFilterField = defineInputField({
  key: 'direction',
  label: 'Direction',
  required: false,
  choices: directionChoices,
  helpText: 'Only requested recordings (`REQUEST`) or only own recordings (`RESPONSE`). Leave empty for both.',
});

/** The labels of the filter fields, for error messages that name what the user filled in. */
export const FILTER_FIELD_LABELS = {
  ids: 'Recording ID',
  recordingId: 'Recording ID',
  directions: 'Direction',
  direction: 'Direction',
  statuses: 'Statuses',
  tags: 'Tags',
  createdDateFrom: 'Created From',
  // A search by external reference names its window so.
  createdAfter: 'Created From',
  createdDateTo: 'Created To',
} as const;

export interface RecordingFilterInput {
  recordingId?: string;
  direction?: string;
  statuses?: string[];
  tags?: string[];
  createdFrom?: string;
  createdTo?: string;
}

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
