import { RECORDING_FIELDS, RECORDING_FIELD_KEYS, exampleRecording, type Recording, type RecordingFieldKey } from 'screenrec';
import type { PlainOutputField } from 'zapier-platform-core';

/** A field the service always gives stays as it is; one it may leave out is empty: a list empty, anything else null. */
type OutputValue<V> = undefined extends V ? (NonNullable<V> extends readonly unknown[] ? NonNullable<V> : NonNullable<V> | null) : V;

/** A recording as every step outputs it: the catalogue's fields under the service's own names, absent ones empty. */
export type RecordingOutput = { [Key in RecordingFieldKey]-?: OutputValue<Recording[Key]> };

/** A recording's fields when none is known: the same keys as recordingOutput's, a list empty, anything else null. */
export type UnknownRecording = { [Key in RecordingFieldKey]-?: NonNullable<Recording[Key]> extends readonly unknown[] ? [] : null };

const isList = (key: RecordingFieldKey): boolean => Array.isArray(RECORDING_FIELDS[key].example);

/** The keys each item of a list of objects keeps (`notifications[]type`): those of the field's example. */
function itemKeys(key: RecordingFieldKey): string[] {
  const example: unknown = RECORDING_FIELDS[key].example;
  const first: unknown = Array.isArray(example) ? example[0] : undefined;
  return typeof first === 'object' && first !== null ? Object.keys(first) : [];
}

function pick(item: unknown, keys: string[]): Record<string, unknown> {
  const source = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
  return Object.fromEntries(keys.map((key) => [key, source[key] ?? null]));
}

function outputValue(key: RecordingFieldKey, value: unknown): unknown {
  if (!isList(key)) return value ?? null;
  const items = Array.isArray(value) ? value : [];
  const keys = itemKeys(key);
  return keys.length === 0 ? items : items.map((item) => pick(item, keys));
}

export function recordingOutput(recording: Recording): RecordingOutput {
  return Object.fromEntries(RECORDING_FIELD_KEYS.map((key) => [key, outputValue(key, recording[key])])) as RecordingOutput;
}

export const UNKNOWN_RECORDING: Readonly<UnknownRecording> = Object.fromEntries(
  RECORDING_FIELD_KEYS.map((key) => [key, isList(key) ? [] : null]),
) as UnknownRecording;

/** The recording every sample shows: the catalogue's example, through the same mapping a step's output takes. */
export const SAMPLE_RECORDING: RecordingOutput = recordingOutput(exampleRecording());

/** Zapier's type for a value: an ISO date-time is shown as a date, the rest as what it is. */
export function outputType(example: unknown): PlainOutputField['type'] {
  if (typeof example === 'boolean') return 'boolean';
  if (typeof example === 'number') return 'number';
  return typeof example === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(example) ? 'datetime' : 'string';
}

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Output fields of a recording, optionally nested under a parent key (`recording__status`): a list of texts is a
 * list field, a list of objects one field per item key (`notifications[]value`), Zapier's idiom for both.
 */
export function recordingOutputFields(prefix = '', labelPrefix = ''): PlainOutputField[] {
  return RECORDING_FIELD_KEYS.flatMap((key): PlainOutputField[] => {
    const { label, example } = RECORDING_FIELDS[key];
    const keys = itemKeys(key);
    if (keys.length > 0)
      return keys.map((item) => ({
        key: `${prefix}${key}[]${item}`,
        label: `${labelPrefix}${label}: ${capitalised(item)}`,
        type: 'string',
      }));
    const list = Array.isArray(example);
    const type = outputType(list ? example[0] : example);
    return [{ key: `${prefix}${key}`, label: `${labelPrefix}${label}`, type, ...(list ? { list: true } : {}) }];
  });
}
