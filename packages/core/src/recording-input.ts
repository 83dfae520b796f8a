import { InvalidInputError } from './errors';
import { NOTHING_TO_UPDATE_MESSAGE, TAGS_WITH_REMOVE_ALL_TAGS_MESSAGE } from './messages';
import type { UpdateRecordingRequest } from './schemas';

/** Tags as a user typed or mapped them: trimmed, blank entries dropped, a repeat kept once (its first place). */
export function cleanTags(tags: readonly string[] | undefined): string[] {
  return [...new Set((tags ?? []).map((tag) => tag.trim()).filter((tag) => tag !== ''))];
}

/** What a user asked Update Recording to change, as a platform's fields give it. */
export interface RecordingChangesInput {
  tags?: readonly string[];
  comment?: string;
  removeAllTags?: boolean;
}

/**
 * The body of an update, one rule on every platform: empty Tags keep the tags (Zapier cannot tell an empty field
 * from an absent one, so no platform reads "empty" as "remove"), Remove All Tags clears them, an empty Comment keeps
 * the comment. INVALID_INPUT before anything is sent when nothing would change, or when Tags and Remove All Tags
 * are both given.
 */
export function recordingChanges(input: RecordingChangesInput): UpdateRecordingRequest {
  const tags = cleanTags(input.tags);
  const comment = input.comment === undefined || input.comment.trim() === '' ? undefined : input.comment;
  if (input.removeAllTags === true && tags.length > 0) throw refused(TAGS_WITH_REMOVE_ALL_TAGS_MESSAGE);
  const newTags = input.removeAllTags === true ? [] : tags.length > 0 ? tags : undefined;
  if (newTags === undefined && comment === undefined) throw refused(NOTHING_TO_UPDATE_MESSAGE);
  return { ...(newTags === undefined ? {} : { tags: newTags }), ...(comment === undefined ? {} : { comment }) };
}

function refused(message: string): InvalidInputError {
  return new InvalidInputError(message, { fieldErrors: [{ path: 'tags', message }] });
}
