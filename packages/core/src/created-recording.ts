import { isScreenRecError } from './errors';
import { CREATED_NOT_LISTED_YET, createdIdLookupFailedMessage } from './messages';
import type { CallOptions } from './operation';
import type { RestClient } from './rest-client';

/** What every platform outputs about a recording the hook just made, besides its link. */
export interface CreatedRecordingDetails {
  /** null when it could not be looked up: detailsError says why. */
  id: string | null;
  status: string | null;
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
  if (rest === undefined) return { id: null, status: null, detailsError: null };
  try {
    const recording = await rest.findCreatedRecording(pageUrl, externalReference, options);
    if (recording === null) return { id: null, status: null, detailsError: CREATED_NOT_LISTED_YET };
    return { id: recording.id, status: recording.status, detailsError: null };
  } catch (error) {
    if (!isScreenRecError(error)) throw error;
    return { id: null, status: null, detailsError: createdIdLookupFailedMessage(error.message) };
  }
}
