import { isScreenRecError } from '../errors/error-classes.js';
import { CREATED_NOT_LISTED_YET, createdIdLookupFailedMessage } from '../errors/messages.js';
import type { CallOptions } from '../transport/call-bounds.js';
import type { RestClient } from './rest-client.js';

/**
 * What every platform outputs about a recording the hook just made, besides its link, in the names every platform
 * shares: the output is about the link, so the recording's ID is `recordingId`.
 */
export interface CreatedRecordingDetails {
  /** null when it could not be looked up (detailsError says why) or without REST credentials. */
  recordingId: string | null;
  status: string | null;
  /** Why the ID and status are missing, in a user's words; null when they are there or were not asked for. */
  detailsError: string | null;
}

/**
 * Looks the new recording up (findCreatedRecording), when the connection has REST credentials (else all null). A
 * ScreenRec failure becomes detailsError, never a throw: the recording exists, and a step retried for a failed
 * lookup would create a second one.
 */
export async function createdRecordingDetails(
  rest: RestClient | undefined,
  pageUrl: string,
  externalReference: string,
  options?: CallOptions,
): Promise<CreatedRecordingDetails> {
  if (rest === undefined) return { recordingId: null, status: null, detailsError: null };
  try {
    const recording = await rest.findCreatedRecording(pageUrl, externalReference, options);
    if (recording === null) return { recordingId: null, status: null, detailsError: CREATED_NOT_LISTED_YET };
    return { recordingId: recording.id, status: recording.status, detailsError: null };
  } catch (error) {
    if (!isScreenRecError(error)) throw error;
    return { recordingId: null, status: null, detailsError: createdIdLookupFailedMessage(error.message) };
  }
}
