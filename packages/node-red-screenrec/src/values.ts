import { InvalidInputError, cleanTags, invalidInputMessage } from '@screenrec/core';
import { FIELDS, KIND_IN_MESSAGE, type FieldKind, type FieldName, type FieldSpec, type FieldValue } from './fields';
import { OPERATIONS, fieldsOf, type FieldValues, type OperationName, type OperationSpec } from './operations';

/** Where a message's own value of a field is read: msg.payload.<field>. */
export const MESSAGE_PROPERTY = 'payload';
/** A recording as this node outputs it names its ID `id`: accepted for the Recording ID too. */
const ALIASES: Partial<Record<FieldName, string>> = { recordingId: 'id' };

/**
 * One message's values: each field from `msg.payload.<field>` when the payload is an object that has it, else from the
 * editor. A malformed value in the message is refused with a message naming the property; a required field left
 * empty names its label. Nothing is sent to ScreenRec in either case.
 */
export function readValues(operation: OperationName, editor: Record<string, unknown>, payload: unknown): FieldValues {
  const fromMessage = isPlainObject(payload) ? payload : {};
  const values = new Map<FieldName, unknown>();
  for (const name of fieldsOf(operation)) {
    const field: FieldSpec = FIELDS[name];
    const own = messageValue(fromMessage, name);
    const value = own === undefined ? fromEditor(field.kind, editor[name]) : fromMessageValue(field, own.value, own.property);
    if (value !== undefined) values.set(name, value);
  }
  const spec: OperationSpec = OPERATIONS[operation];
  const required = spec.required ?? [];
  const missing = required.find((name) => values.get(name) === undefined);
  if (missing !== undefined) {
    const message = `\`${FIELDS[missing].label}\` is required: fill it in, or set msg.${MESSAGE_PROPERTY}.${missing}`;
    throw new InvalidInputError(invalidInputMessage(message), { fieldErrors: [{ path: missing, message: 'is required' }] });
  }
  return { get: <N extends FieldName>(name: N) => values.get(name) as FieldValue<N> | undefined };
}

function messageValue(payload: Record<string, unknown>, name: FieldName): { value: unknown; property: string } | undefined {
  for (const key of [name, ALIASES[name]]) {
    if (key !== undefined && Object.hasOwn(payload, key) && payload[key] !== undefined && payload[key] !== null) {
      return { value: payload[key], property: `msg.${MESSAGE_PROPERTY}.${key}` };
    }
  }
  return undefined;
}

function fromMessageValue(spec: FieldSpec, value: unknown, property: string): unknown {
  const read = readKind(spec, value, false);
  if (read.ok) return read.value;
  const choices = spec.choices === undefined ? '' : ` ${spec.choices.map((choice) => choice.value).join(', ')}`;
  const problem = `${KIND_IN_MESSAGE[spec.kind]}${choices}`;
  throw new InvalidInputError(invalidInputMessage(`\`${property}\` ${problem}`), { fieldErrors: [{ path: property, message: problem }] });
}

/** The editor's value; the editor only offers well-formed ones, so anything else reads as not given. */
function fromEditor(kind: FieldKind, value: unknown): unknown {
  const read = readKind({ kind, label: '', initial: '' }, value, true);
  return read.ok ? read.value : undefined;
}

type Read = { ok: true; value: unknown } | { ok: false };

function readKind(spec: FieldSpec, value: unknown, fromEditor: boolean): Read {
  const known = (choice: string) => spec.choices === undefined || spec.choices.some((candidate) => candidate.value === choice);
  switch (spec.kind) {
    case 'text':
      if (typeof value !== 'string') return { ok: false };
      return { ok: true, value: value.trim() === '' ? undefined : value.trim() };
    case 'list': {
      const list = listOf(value);
      return list === undefined ? { ok: false } : { ok: true, value: list.length === 0 ? undefined : list };
    }
    case 'choice':
      if (typeof value !== 'string') return { ok: false };
      if (value.trim() === '') return { ok: true, value: undefined };
      return known(value.trim()) ? { ok: true, value: value.trim() } : { ok: false };
    case 'choices': {
      const list = listOf(value ?? []);
      if (list === undefined || !list.every(known)) return { ok: false };
      return { ok: true, value: list.length === 0 ? undefined : list };
    }
    case 'number': {
      const number = fromEditor && typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof number === 'number' && Number.isInteger(number) && number >= 1 ? { ok: true, value: number } : { ok: false };
    }
    case 'boolean':
      return typeof value === 'boolean' ? { ok: true, value } : { ok: false };
  }
}

/** A list of texts, or one comma-separated text: trimmed, blanks and repeats dropped; undefined when neither. */
function listOf(value: unknown): string[] | undefined {
  if (typeof value === 'string') return cleanTags(value.split(','));
  if (Array.isArray(value) && value.every((item): item is string => typeof item === 'string')) return cleanTags(value);
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
