import {
  INPUT_FIELDS,
  InvalidInputError,
  OPERATIONS,
  OPERATION_NAMES,
  RECORDING_FIELDS,
  RECORDING_FIELD_KEYS,
  describeFieldErrors,
  exampleRecording,
  fieldErrorsOf,
  inputKey,
  inputKind,
  invalidInputMessage,
  type CatalogueOperation,
  type FieldError,
  type InputName,
  type OperationName,
  type Recording,
} from 'screenrec';
import type { Bundle, Create, PlainInputField, PlainOutputField, Search, ZObject } from 'zapier-platform-core';
import { operationClients } from './clients';
import { cleanList, cleanText, fieldLabels, inputField, isTrue, type FieldOverrides } from './fields';
import { outputType, recordingOutput, recordingOutputFields } from './recording';
import { foundOrNothing } from './searches/nothing-found';
import { performStep, type Step } from './step';

export type StepKind = 'triggers' | 'creates' | 'searches';

/** Where Zapier lists an operation, and its key there (released, never changed). */
export function zapierPlace(name: OperationName): { kind: StepKind; key: string } | undefined {
  const released = (OPERATIONS[name] as CatalogueOperation).keys.zapier;
  if (released === undefined) return undefined;
  const [kind, key = ''] = released.split('.');
  return { kind: kind as StepKind, key };
}

/** An operation's released Zapier key, for the steps written out by hand. */
export function stepKey(name: OperationName): string {
  const place = zapierPlace(name);
  if (place === undefined) throw new Error(`${name} has no Zapier step`);
  return place.key;
}

/** The operation's one name in Zapier's idiom: a search reads "Find …" and finds one (Find Recordings: Find Recording). */
export function stepLabel(name: OperationName): string {
  const operation: CatalogueOperation = OPERATIONS[name];
  if (zapierPlace(name)?.kind !== 'searches') return operation.name;
  const object = operation.name.split(' ').slice(1).join(' ');
  return `Find ${object === `${operation.noun}s` ? operation.noun : object}`;
}

/** The catalogue's summary in Zapier's wording: a trigger "Triggers when …", a search "Finds …". */
export function stepDescription(name: OperationName): string {
  const { summary } = OPERATIONS[name];
  switch (zapierPlace(name)?.kind) {
    case 'triggers':
      return summary.replace(/^Starts when /, 'Triggers when ');
    case 'searches':
      return summary.replace(/^\w+ /, 'Finds ');
    default:
      return summary;
  }
}

/** An operation's inputs as Zapier fields, in the catalogue's order; `overrides` adjust a field by its input name. */
export function stepInputFields(name: OperationName, overrides: Partial<Record<InputName, FieldOverrides>> = {}): PlainInputField[] {
  const operation: CatalogueOperation = OPERATIONS[name];
  return operation.inputs.map((input) => inputField(input, operation.required.includes(input), overrides[input]));
}

/** What Zapier hands over for an input, as the catalogue's schema reads it: blank is absent, a list drops blank rows. */
function zapierValue(name: InputName, raw: unknown): unknown {
  const { kind } = inputKind(name);
  if (kind === 'list' || kind === 'choices') {
    const rows = cleanList((Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw]).map(String));
    return rows.length === 0 ? undefined : rows;
  }
  if (kind === 'boolean') return raw === undefined || raw === null || raw === '' ? undefined : isTrue(raw);
  if (typeof raw !== 'string') return raw ?? undefined;
  // Multi-line text is kept as written; a one-line value loses the spaces a mapped value brings along.
  const text = cleanText(raw);
  return inputField(name, false).type === 'text' ? text : text?.trim();
}

/** The catalogue's input for what the user filled in, each value checked by its schema before anything is sent. */
export function readInput(name: OperationName, inputData: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const problems: FieldError[] = [];
  for (const input of OPERATIONS[name].inputs as readonly InputName[]) {
    const key = inputKey(input, 'zapier');
    const value = zapierValue(input, inputData[key]);
    if (value === undefined) continue;
    const parsed = INPUT_FIELDS[input].schema.safeParse(value);
    if (parsed.success) values[input] = parsed.data;
    else
      problems.push(...fieldErrorsOf(parsed.error).map((problem) => ({ ...problem, path: [key, problem.path].filter(Boolean).join('.') })));
  }
  if (problems.length > 0) throw new InvalidInputError(invalidInputMessage(describeFieldErrors(problems)), { fieldErrors: problems });
  return values;
}

/** The example of a video link, as Zapier samples show it. */
export const EXAMPLE_VIDEO_URL = `${new URL(RECORDING_FIELDS.url.example ?? '').origin}/videos/${RECORDING_FIELDS.id.example}?expires=1795253400&signature=Zm9vYmFyYmF6cXV4`;

/** Output keys that are not a recording's field: their label and example. */
export const OTHER_OUTPUTS: Readonly<Record<string, { label: string; example: unknown }>> = {
  recordingId: { label: RECORDING_FIELDS.id.label, example: RECORDING_FIELDS.id.example },
  videoUrl: { label: 'Video URL (temporary link)', example: EXAMPLE_VIDEO_URL },
  deleted: { label: 'Deleted', example: true },
  tag: { label: 'Tag', example: RECORDING_FIELDS.tags.example[0] },
};

interface StepOutput {
  fields: PlainOutputField[];
  sample: Record<string, unknown>;
  map: (result: unknown) => Record<string, unknown>;
}

/** The keys of an operation's output item (its schema is an object). */
function outputKeys(operation: CatalogueOperation): string[] {
  const shape: unknown = Reflect.get(operation.output, 'shape');
  return typeof shape === 'object' && shape !== null ? Object.keys(shape) : [];
}

/**
 * An operation's output as Zapier shows it: a recording's fields as every step outputs them, with what the operation
 * adds beside them (`deleted`); the sample is the catalogue's example through the same mapping.
 */
export function stepOutput(name: OperationName): StepOutput {
  const operation: CatalogueOperation = OPERATIONS[name];
  const recordingKeys: readonly string[] = RECORDING_FIELD_KEYS;
  const keys = outputKeys(operation);
  const isRecording = recordingKeys.every((key) => keys.includes(key));
  const others = keys.filter((key) => !isRecording || !recordingKeys.includes(key));
  // Core checked the answer already (a Recording); the output only picks and empties fields.
  const map = (result: unknown): Record<string, unknown> => {
    const item = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
    const extra = Object.fromEntries(others.map((key) => [key, item[key] ?? null]));
    return isRecording ? { ...recordingOutput(item as Recording), ...extra } : extra;
  };
  const example = Object.fromEntries(others.map((key) => [key, OTHER_OUTPUTS[key]?.example]));
  const fields = others.map(
    (key): PlainOutputField => ({ key, label: OTHER_OUTPUTS[key]?.label ?? key, type: outputType(OTHER_OUTPUTS[key]?.example) }),
  );
  return {
    fields: isRecording ? [...fields, ...recordingOutputFields()] : fields,
    sample: map(isRecording ? { ...exampleRecording(), ...example } : example),
    map,
  };
}

/** What Zapier adds to a step beyond the catalogue: Delete Recording says, above the run, that nothing comes back. */
const ZAPIER_EXTRA_INPUTS: Partial<Record<OperationName, PlainInputField[]>> = {
  deleteRecording: [
    {
      key: 'deletedForGood',
      type: 'copy',
      helpText:
        '**This deletes the recording and its video for good: it cannot be undone.** To keep the video, save it in an earlier step (for example **Find Video URL** and a file upload).',
    },
  ],
};

/**
 * A regular operation (the catalogue's core call, the same on every platform) as a Zapier create or search: its
 * fields, labels and help from the catalogue, its perform the catalogue's. A search that finds nothing (NOT_FOUND)
 * gives no result, so the Zap stops or goes on as the user chose.
 */
export function regularStep(name: OperationName): Create | Search {
  const operation: CatalogueOperation = OPERATIONS[name];
  const place = zapierPlace(name);
  const call = operation.perform;
  if (place === undefined || call === undefined) throw new Error(`${name} is not a regular Zapier step`);
  const inputFields = [...stepInputFields(name), ...(ZAPIER_EXTRA_INPUTS[name] ?? [])];
  const output = stepOutput(name);
  /** The call's output items: a list as it is (none found: an empty list), one item as a list of one. */
  const results = async (z: ZObject, bundle: Bundle, step: Step): Promise<Record<string, unknown>[]> => {
    const input = readInput(name, bundle.inputData);
    const result: unknown = await call(operationClients(z, bundle), input, step.call);
    return operation.many === true && Array.isArray(result) ? result.map(output.map) : [output.map(result)];
  };
  const labels = fieldLabels(inputFields);
  const display = { label: stepLabel(name), description: stepDescription(name) };
  const shown = { inputFields, sample: output.sample, outputFields: output.fields };
  if (place.kind === 'searches') {
    // One item that is not there (NOT_FOUND) is Zapier's "nothing found"; for a list, NOT_FOUND is the workspace's.
    const perform = performStep(
      async (z, bundle, step) =>
        operation.many === true ? results(z, bundle, step) : (await foundOrNothing(results(z, bundle, step))).flat(),
      labels,
    );
    return { key: place.key, noun: operation.noun, display, operation: { ...shown, perform } };
  }
  const perform = performStep(async (z, bundle, step) => (await results(z, bundle, step))[0] ?? {}, labels);
  return { key: place.key, noun: operation.noun, display, operation: { ...shown, perform } };
}

/** The operations Zapier writes out as steps of their own (src/creates, src/searches, src/triggers). */
export const WRITTEN_OUT_NAMES = [
  'createRecordingLink',
  'findRecordings',
  'videoReady',
  'newRecording',
] as const satisfies readonly OperationName[];
export type WrittenOutName = (typeof WRITTEN_OUT_NAMES)[number];
const writtenOut = (name: OperationName): name is WrittenOutName => (WRITTEN_OUT_NAMES as readonly OperationName[]).includes(name);

/** The operations Zapier runs through the catalogue's own call, each a step made by regularStep (which needs a `perform`). */
export const REGULAR_STEP_NAMES = OPERATION_NAMES.filter((name) => zapierPlace(name) !== undefined && !writtenOut(name));
