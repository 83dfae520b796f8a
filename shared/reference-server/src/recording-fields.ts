/* What a recording carries beyond its fixed fields, declared once: wire.ts, model.ts and store/store.ts derive from it. */

/** A free-text field: its maximum length (docs/design.md, "Limits"), and `unset`, the value answered until one is set. */
export interface TextField {
  maxLength: number;
  /** Given: the field is in every answer, with this value until a client sets one. Absent: answered only once set. */
  unset?: string;
}

/** The free-text fields a client sets on create (`POST /recordings`) and replaces on update (`PUT /recordings/{id}`). */
export const RECORDING_TEXT_FIELDS = {
  comment: { maxLength: 10_000, unset: '' },
} as const satisfies Record<string, TextField>;

/** What a mark holds: any text, or `true` alone (a flag, answered once raised and never lowered). */
export interface MarkValues {
  text: string;
  flag: true;
}

/** What the service itself sets on a recording (on creation by the hook, or by an operation) and answers only once set. */
export const RECORDING_MARKS = {
  externalReference: 'text',
} as const satisfies Record<string, keyof MarkValues>;

export type TextFieldName = keyof typeof RECORDING_TEXT_FIELDS;
export type MarkName = keyof typeof RECORDING_MARKS;
export type TextValues = { [Name in TextFieldName]?: string };
type AlwaysAnsweredName = {
  [Name in TextFieldName]: (typeof RECORDING_TEXT_FIELDS)[Name] extends { unset: string } ? Name : never;
}[TextFieldName];
/** The text fields as a recording holds them: those answered always are always there. */
export type RecordingTexts = { [Name in AlwaysAnsweredName]: string } & { [Name in Exclude<TextFieldName, AlwaysAnsweredName>]?: string };
export type RecordingMarks = { [Name in MarkName]?: MarkValues[(typeof RECORDING_MARKS)[Name]] };

export const TEXT_FIELD_NAMES = Object.keys(RECORDING_TEXT_FIELDS) as TextFieldName[];
export const MARK_NAMES = Object.keys(RECORDING_MARKS) as MarkName[];
const textField = (name: TextFieldName): TextField => RECORDING_TEXT_FIELDS[name];
export const ALWAYS_ANSWERED_TEXTS = TEXT_FIELD_NAMES.filter((name) => textField(name).unset !== undefined);
/** The fields an answer shows only once set: the other text fields, and the marks. */
export const ANSWERED_WHEN_SET: ReadonlyArray<TextFieldName | MarkName> = [
  ...TEXT_FIELD_NAMES.filter((name) => textField(name).unset === undefined),
  ...MARK_NAMES,
];

/** The text fields of a new recording: each as given, else its `unset` value, else absent. */
export function initialTexts(given: TextValues): RecordingTexts {
  const texts: TextValues = {};
  for (const name of TEXT_FIELD_NAMES) {
    const value = given[name] ?? textField(name).unset;
    if (value !== undefined) texts[name] = value;
  }
  return texts as RecordingTexts;
}

/** The fields of `from` among `names` that are set, in the order of `names`. */
export function setFields<T extends object, Name extends keyof T>(from: T, names: readonly Name[]): Pick<T, Name> {
  const picked: Partial<Pick<T, Name>> = {};
  for (const name of names) if (from[name] !== undefined) picked[name] = from[name];
  return picked as Pick<T, Name>;
}
