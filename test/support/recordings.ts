import type { RecordingFieldKey } from 'screenrec';

// A recording whose values a test chooses comes from core's exampleRecording(overrides). A recording the reference
// service made is expected with answeredRecording: only what the test knows is written there.

/** An instant as the service and the platforms write it (ISO 8601, UTC, milliseconds). */
export const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** What the reference service keeps for a field nobody set; an unset externalReference is left out. */
const LEFT_UNSET = { tags: [], notifications: [], comment: '' };

/** The fields the service fills itself, and the direction every creation names: a test always knows or matches them. */
type Known = Record<'id' | 'direction' | 'status' | 'userId' | 'url', unknown> & Partial<Record<RecordingFieldKey, unknown>>;

/**
 * A recording as the reference service answers one it made: the fields given (values or jest matchers), the others as
 * the service leaves them unset, and createdDate any instant unless given.
 */
export function answeredRecording(known: Known): Record<string, unknown> {
  return { ...LEFT_UNSET, createdDate: expect.stringMatching(ISO_INSTANT), ...known };
}
