import { RECORDING_DIRECTIONS, RECORDING_STATUSES, type RecordingDirection, type RecordingFilter, type RecordingStatus } from '@screenrec/core';
import { defineInputField, type FieldChoiceWithLabel } from 'zapier-platform-core';

const DIRECTION_LABELS: Record<RecordingDirection, string> = {
  REQUEST: 'Request: ask someone else to record their screen',
  RESPONSE: 'Response: record your own screen to share',
};

const STATUS_LABELS: Record<RecordingStatus, string> = {
  NEW: 'New',
  RECORDING: 'Recording',
  REVIEWING: 'Reviewing',
  PROCESSING: 'Processing',
  COMPLETED: 'Completed',
};

function choicesOf<V extends string>(values: readonly V[], labels: Record<V, string>): (FieldChoiceWithLabel & { value: V })[] {
  return values.map((value) => ({ value, sample: value, label: labels[value] }));
}

export const directionChoices = choicesOf(RECORDING_DIRECTIONS, DIRECTION_LABELS);
export const statusChoices = choicesOf(RECORDING_STATUSES, STATUS_LABELS);

/** The hidden trigger that lists the workspace's tags for dropdowns (free text stays allowed). */
export const TAG_DROPDOWN = 'tagList.id.name';

export const recordingIdField = defineInputField({
  key: 'recordingId',
  label: 'Recording ID',
  required: true,
  helpText:
    'The ID of the ScreenRec recording, for example `3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c`. Map it from the **New Recording** trigger or the **Find Recording** search.',
});

/** Zapier hands list fields over with blanks where a user left an empty row. */
export function cleanList(values: readonly string[] | undefined): string[] {
  return (values ?? []).map((value) => value.trim()).filter((value) => value !== '');
}

/** undefined for a blank optional text field, so nothing is sent for it. */
export function cleanText(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

export const newRecordingTagsField = defineInputField({
  key: 'tags',
  label: 'Tags',
  list: true,
  required: false,
  dynamic: TAG_DROPDOWN,
  helpText: 'Labels for the new recording, for example `support`.',
});

export const tagsFilterField = defineInputField({
  key: 'tags',
  label: 'Tags',
  list: true,
  required: false,
  dynamic: TAG_DROPDOWN,
  helpText: 'Only recordings with at least one of these tags, for example `support`. Leave empty for any tags.',
});

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
export function recordingFilter(input: RecordingFilterInput): RecordingFilter {
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
    ...(createdFrom === undefined ? {} : { createdDateFrom: createdFrom }),
    ...(createdTo === undefined ? {} : { createdDateTo: createdTo }),
    sortField: 'createdDate',
    sortOrder: 'Descending',
  };
}
