import { InvalidInputError, describeFieldErrors } from './errors';
import { fieldErrorsOf, parseJson } from './exchange';
import { VideoReadyNotification } from './schemas';

export interface VideoReady {
  /** The pre-signed link to the video, as received. */
  videoUrl: string;
  /**
   * The same for one video however often its link is re-signed: the link without its query string.
   * Platforms use it to deduplicate.
   */
  videoKey: string;
  /** The recording's id, when the link names it (the service's links end in /videos/{id}). */
  recordingId?: string;
}

const UUID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads a video-ready notification as the receiving side gets it: a parsed body or its raw text. */
export function parseVideoReady(body: unknown): VideoReady {
  const value = typeof body === 'string' ? parseJson(body) : body;
  const parsed = VideoReadyNotification.safeParse(value);
  if (!parsed.success) {
    throw new InvalidInputError(
      `This is not a ScreenRec video-ready notification (${describeFieldErrors(fieldErrorsOf(parsed.error))}): expected a JSON body like {"result": "https://…"}.`,
      { fieldErrors: fieldErrorsOf(parsed.error) },
    );
  }
  const url = new URL(parsed.data.result);
  const recordingId = url.pathname.split('/').reverse().find((segment) => UUID_SEGMENT.test(segment));
  return {
    videoUrl: parsed.data.result,
    videoKey: `${url.origin}${url.pathname}`,
    ...(recordingId === undefined ? {} : { recordingId: recordingId.toLowerCase() }),
  };
}
