import { InvalidInputError, cleanTags, describeFieldErrors, fieldErrorsOf, invalidInputMessage } from 'screenrec';
import { KIND_IN_MESSAGE, fieldSpec, type FieldName, type FieldSpec, type FieldValues } from './fields';

/** Where a message's own value of a field is read: msg.payload.<property>. */
export const MESSAGE_PROPERTY = 'payload';
/** A recording as this node outputs it names its ID `id`: accepted for the Recording ID too. */
export const ALIASES: Readonly<Partial<Record<string, string>>> = { recordingId: 'id' };

/**
 * One message's values: each field from `msg.payload.<property>` when the payload is an object that has it, else from
 * the editor, else its default; each checked by its schema. A malformed value is refused with a message naming the
 * msg property (or the field's label); a required field left empty names its label. Nothing is sent to ScreenRec then.
 */
export function readValues(
  fields: readonly FieldName[],
  required: readonly FieldName[],
  editor: Record<string, unknown>,
  payload: unknown,
): FieldValues {
  const fromMessage = isPlainObject(payload) ? payload : {};
  const values = new Map<FieldName, unknown>();
  for (const name of fields) {
    const field = fieldSpec(name);
    const own = messageValue(fromMessage, field.property);
    const read = own === undefined ? fromEditor(field, editor[field.property]) : fromMessageValue(field, own.value, own.property);
    const value = checked(field, read, own?.property ?? field.label);
    if (value !== undefined) values.set(name, value);
  }
  const missing = required.find((name) => values.get(name) === undefined);
  if (missing !== undefined) {
    const { label, property } = fieldSpec(missing);
    const message = `\`${label}\` is required: fill it in, or set msg.${MESSAGE_PROPERTY}.${property}`;
    throw new InvalidInputError(invalidInputMessage(message), { fieldErrors: [{ path: property, message: 'is required' }] });
  }
  // Each value was parsed by its field's own schema.
  return Object.fromEntries(values) as FieldValues;
}

/** A value read as its kind (or its default when none was given), checked by its schema; `where` names it in an error. */
function checked(field: FieldSpec, value: unknown, where: string): unknown {
  const result = field.schema.safeParse(value);
  if (result.success) return result.data;
  if (value === undefined) return undefined;
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

/**
 * The editor's value; the editor only offers well-formed ones, so anything else reads as not given, except a JSON
 * text, which the form takes as typed: one that does not parse is refused by its label rather than left out of a
 * request.
 */
function fromEditor(field: FieldSpec, value: unknown): unknown {
  const read = readKind(field, value, true);
  if (read.ok) return read.value;
  if (field.kind === 'json' && typeof value === 'string') {
    const problem = `${KIND_IN_MESSAGE.json}, such as ${field.placeholder ?? '{}'}`;
    throw new InvalidInputError(invalidInputMessage(`\`${field.label}\` ${problem}`), {
      fieldErrors: [{ path: field.property, message: problem }],
    });
  }
  return undefined;
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
    case 'json':
      return fromEditor ? parsedJson(value) : { ok: true, value };
  }
}

/** A JSON text as the form holds it: blank is not given. */
function parsedJson(value: unknown): Read {
  if (typeof value !== 'string') return { ok: false };
  if (value.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(value) as unknown };
  } catch {
    return { ok: false };
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
