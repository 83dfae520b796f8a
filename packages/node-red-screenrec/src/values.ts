import {
  INPUT_FIELDS,
  InvalidInputError,
  SORT_ORDERS,
  cleanTags,
  describeFieldErrors,
  fieldErrorsOf,
  invalidInputMessage,
  type InputName,
  type InputValues,
  type SortOrder,
} from '@screenrec/core';
import { KIND_IN_MESSAGE, fieldSpec, isOwnField, type FieldKind, type FieldName, type FieldSpec } from './fields';

/** Where a message's own value of a field is read: msg.payload.<property>. */
export const MESSAGE_PROPERTY = 'payload';
/** A recording as this node outputs it names its ID `id`: accepted for the Recording ID too. */
export const ALIASES: Readonly<Partial<Record<string, string>>> = { recordingId: 'id' };

/** One message's values: the catalogue's inputs, each checked by its schema, and Node-RED's own fields. */
export interface ReadValues {
  input: InputValues<readonly InputName[]>;
  own: { returnAll: boolean; limit?: number; sortOrder?: SortOrder };
}

/**
 * One message's values: each field from `msg.payload.<property>` when the payload is an object that has it, else from
 * the editor. A malformed value in the message is refused with a message naming the property; a required field left
 * empty names its label. Nothing is sent to ScreenRec in either case.
 */
export function readValues(
  fields: readonly FieldName[],
  required: readonly FieldName[],
  editor: Record<string, unknown>,
  payload: unknown,
): ReadValues {
  const fromMessage = isPlainObject(payload) ? payload : {};
  const values = new Map<FieldName, unknown>();
  for (const name of fields) {
    const field = fieldSpec(name);
    const own = messageValue(fromMessage, field.property);
    const read = own === undefined ? fromEditor(field.kind, editor[field.property]) : fromMessageValue(field, own.value, own.property);
    const value = read === undefined || isOwnField(name) ? read : checked(name, read, own?.property ?? field.label);
    if (value !== undefined) values.set(name, value);
  }
  const missing = required.find((name) => values.get(name) === undefined);
  if (missing !== undefined) {
    const { label, property } = fieldSpec(missing);
    const message = `\`${label}\` is required: fill it in, or set msg.${MESSAGE_PROPERTY}.${property}`;
    throw new InvalidInputError(invalidInputMessage(message), { fieldErrors: [{ path: property, message: 'is required' }] });
  }
  const input = Object.fromEntries([...values].filter(([name]) => !isOwnField(name)));
  const limit = values.get('limit');
  const sortOrder = SORT_ORDERS.find((order) => order === values.get('sortOrder'));
  return {
    // Each value was parsed by its input's own schema (checked).
    input: input as InputValues<readonly InputName[]>,
    own: {
      returnAll: values.get('returnAll') === true,
      ...(typeof limit === 'number' ? { limit } : {}),
      ...(sortOrder === undefined ? {} : { sortOrder }),
    },
  };
}

/** A value read as its kind, checked by the catalogue's schema; `where` names it in the error (its label or msg property). */
function checked(name: InputName, value: unknown, where: string): unknown {
  const result = INPUT_FIELDS[name].schema.safeParse(value);
  if (result.success) return result.data;
  const fieldErrors = fieldErrorsOf(result.error).map((error) => ({
    path: [where, error.path].filter(Boolean).join('.'),
    message: error.message,
  }));
  throw new InvalidInputError(invalidInputMessage(describeFieldErrors(fieldErrors)), { fieldErrors });
}

function messageValue(payload: Record<string, unknown>, name: string): { value: unknown; property: string } | undefined {
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
  const read = readKind({ kind }, value, true);
  return read.ok ? read.value : undefined;
}

type Read = { ok: true; value: unknown } | { ok: false };

function readKind(spec: Pick<FieldSpec, 'kind' | 'choices'>, value: unknown, fromEditor: boolean): Read {
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
