import { RECORDING_FIELDS } from './recording-fields.js';
import { InvalidInputError } from '../errors/error-classes.js';
import { TAGS_WITH_REMOVE_ALL_TAGS_MESSAGE, nothingToUpdateMessage } from '../errors/messages.js';
import { RECORDING_TEXT_FIELD_KEYS, type RecordingTextFieldKey, type UpdateRecordingRequest } from '../wire/schemas.js';

export const NOTHING_TO_UPDATE_MESSAGE = nothingToUpdateMessage(
  ['tags' as const, ...RECORDING_TEXT_FIELD_KEYS].map((key) => RECORDING_FIELDS[key].label),
);

/** Tags as a user typed or mapped them: trimmed, blank entries dropped, a repeat kept once (its first place). */
export function cleanTags(tags: readonly string[] | undefined): string[] {
  return [...new Set((tags ?? []).map((tag) => tag.trim()).filter((tag) => tag !== ''))];
}

/** The text fields a user gave a value, each under its own key. */
export type RecordingTexts = { [Key in RecordingTextFieldKey]?: string };

/** What a user asked Update Recording to change, as a platform's fields give it. */
export type RecordingChangesInput = RecordingTexts & {
  tags?: readonly string[];
  removeAllTags?: boolean;
};

/**
 * The body of an update, one rule on every platform: empty Tags keep the tags (Zapier cannot tell an empty field
 * from an absent one, so no platform reads "empty" as "remove"), Remove All Tags clears them, an empty text field
 * (Comment) keeps its text. INVALID_INPUT before anything is sent when nothing would change, or when Tags and Remove
 * All Tags are both given.
 */
export function recordingChanges(input: RecordingChangesInput): UpdateRecordingRequest {
  const tags = cleanTags(input.tags);
  const texts = givenTexts(input, (text) => text.trim() !== '');
  if (input.removeAllTags === true && tags.length > 0) throw refused(TAGS_WITH_REMOVE_ALL_TAGS_MESSAGE);
  const newTags = input.removeAllTags === true ? [] : tags.length > 0 ? tags : undefined;
  if (newTags === undefined && Object.keys(texts).length === 0) throw refused(NOTHING_TO_UPDATE_MESSAGE);
  return { ...(newTags === undefined ? {} : { tags: newTags }), ...texts };
}

/** The text fields of `input` that are given and `kept`, in RECORDING_TEXT_FIELDS' order. */
export function givenTexts(input: RecordingTexts, kept: (text: string) => boolean = () => true): RecordingTexts {
  const texts: RecordingTexts = {};
  for (const key of RECORDING_TEXT_FIELD_KEYS) {
    const text = input[key];
    if (text !== undefined && kept(text)) texts[key] = text;
  }
  return texts;
}

function refused(message: string): InvalidInputError {
  return new InvalidInputError(message, { fieldErrors: [{ path: 'tags', message }] });
}
