import { RECORDING_DIRECTIONS, RECORDING_STATUSES, type RecordingDirection, type RecordingStatus } from '@screenrec/core';
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
