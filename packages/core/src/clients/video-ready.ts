import { isNonPublicHost } from '../transport/addresses';
import { InvalidInputError, ScreenRecError, describeFieldErrors } from '../errors/error-classes';
import { fieldErrorsOf, invalidInput, parseJson } from '../errors/schema-checks';
import {
  LINK_NAMES_NO_RECORDING,
  LINK_NOT_CONFIRMED,
  detailsLookupFailedMessage,
  foreignVideoLinkMessage,
  notAVideoReadyMessage,
  privateVideoLinkMessage,
} from '../errors/messages';
import type { CallOptions } from '../transport/call-bounds';
import type { RestClient } from './rest-client';
import { VideoReadyNotification, type Recording } from '../wire/schemas';

export interface VideoReady {
  /** The pre-signed link to the video, as received. */
  videoUrl: string;
  /**
   * The same for one video however often its link is re-signed: the link without its query string.
   * Platforms use it to deduplicate.
   */
  videoKey: string;
}

export interface IdentifiedVideo {
  /** the link as received */
  videoUrl: string;
  /** stable across re-signed links: origin + pathname */
  videoKey: string;
  /** only when the service confirmed it */
  recordingId: string | null;
  /** the confirmed recording's details */
  recording: Recording | null;
  /** why the recording details are missing, in a user's words; null when confirmed or when no REST client */
  detailsError: string | null;
}

/** The most UUIDs of one link asked about: the list call's `ids` filter stays small. */
export const MAX_VIDEO_ID_CANDIDATES = 10;

const UUID_ANYWHERE = /(?<![0-9a-f])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f])/gi;

/** Reads a video-ready notification as the receiving side gets it: a parsed body or its raw text. No lookup. */
export function parseVideoReady(body: unknown): VideoReady {
  const value = typeof body === 'string' ? parseJson(body) : body;
  const parsed = VideoReadyNotification.safeParse(value);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw new InvalidInputError(notAVideoReadyMessage(describeFieldErrors(fieldErrors)), { fieldErrors });
  }
  const url = new URL(parsed.data.result);
  return { videoUrl: parsed.data.result, videoKey: `${url.origin}${url.pathname}` };
}

/** Every UUID anywhere in the link (path and query), lower-cased, first seen first, at most MAX_VIDEO_ID_CANDIDATES. */
export function videoIdCandidates(videoUrl: string): string[] {
  const found = (videoUrl.match(UUID_ANYWHERE) ?? []).map((id) => id.toLowerCase());
  return [...new Set(found)].slice(0, MAX_VIDEO_ID_CANDIDATES);
}

/**
 * Which recording a video-ready notification is about, as far as the service confirms it: the link's UUIDs are
 * candidates, checked with ONE list call (`ids`). A recording id is reported only when the service returns it.
 * Only an unreadable body throws (INVALID_INPUT); a failed lookup fills `detailsError` instead, so a
 * notification is never lost for want of its details.
 */
export async function identifyVideo(body: unknown, rest: RestClient | undefined, options?: CallOptions): Promise<IdentifiedVideo> {
  const { videoUrl, videoKey } = parseVideoReady(body);
  const unconfirmed = (detailsError: string | null): IdentifiedVideo => ({
    videoUrl,
    videoKey,
    recordingId: null,
    recording: null,
    detailsError,
  });
  if (rest === undefined) return unconfirmed(null);
  const candidates = videoIdCandidates(videoUrl);
  if (candidates.length === 0) return unconfirmed(LINK_NAMES_NO_RECORDING);
  let returned: Recording[];
  try {
    returned = (await rest.listRecordings({ ids: candidates, pageSize: candidates.length }, options)).content;
  } catch (error) {
    return unconfirmed(detailsLookupFailedMessage(error instanceof ScreenRecError ? error.message : 'an unexpected error.'));
  }
  const recording = pickConfirmed(returned, candidates);
  if (recording === undefined) return unconfirmed(LINK_NOT_CONFIRMED);
  return { videoUrl, videoKey, recordingId: recording.id, recording, detailsError: null };
}

/**
 * Of the recordings the service returned for the candidates, the one the video belongs to: a completed one
 * (a video is ready only for those) before others, then the UUID nearest the link's end, where a file name is.
 */
function pickConfirmed(returned: readonly Recording[], candidates: readonly string[]): Recording | undefined {
  const asked = returned.filter((recording) => candidates.includes(recording.id.toLowerCase()));
  const rank = (recording: Recording) => (recording.status === 'COMPLETED' ? 1000 : 0) + candidates.indexOf(recording.id.toLowerCase());
  return asked.sort((a, b) => rank(b) - rank(a))[0];
}

/**
 * The link to download the video from: a fresh pre-signed link when the recording is confirmed (and a REST client
 * is there), else the posted link only when it is on the service's own origin; otherwise INVALID_INPUT. Links to
 * loopback, private, link-local, CGNAT, unspecified or multicast addresses are refused unless the service itself
 * is on that same host (a local lab).
 */
export async function videoDownloadUrl(
  identified: Pick<IdentifiedVideo, 'videoUrl' | 'recordingId'>,
  rest: RestClient | undefined,
  serviceBaseUrl: string,
  options?: CallOptions,
): Promise<string> {
  const service = parseUrl(serviceBaseUrl, 'serviceBaseUrl');
  const { recordingId } = identified;
  const confirmed = recordingId !== null && rest !== undefined;
  const raw = confirmed ? await rest.getVideoUrl(recordingId, options) : identified.videoUrl;
  const link = parseUrl(raw, 'videoUrl');
  if (!confirmed && link.origin !== service.origin) throw new InvalidInputError(foreignVideoLinkMessage(link.host));
  if (link.hostname !== service.hostname && isNonPublicHost(link.hostname)) throw new InvalidInputError(privateVideoLinkMessage(link.host));
  // As given, not re-serialized: a signature covers the link's exact text.
  return raw;
}

function parseUrl(value: string, field: string): URL {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // reported below
  }
  throw invalidInput([{ path: field, message: 'must be a full http(s) URL' }]);
}
