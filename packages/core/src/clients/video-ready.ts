import { isNonPublicHost } from '../transport/addresses.js';
import { InvalidInputError, NetworkError, ScreenRecError, describeFieldErrors } from '../errors/error-classes.js';
import { fieldErrorsOf, invalidInput, parseJson } from '../errors/schema-checks.js';
import {
  FRESH_LINK_PLAIN_HTTP,
  LINK_NAMES_NO_RECORDING,
  LINK_NOT_CONFIRMED,
  PLAIN_HTTP_LINK_REFUSED,
  POSTED_LINK_REPLACED,
  REFUSED_CANNOT_CONFIRM,
  REFUSED_NAMES_NO_RECORDING,
  REFUSED_NOT_CONFIRMED,
  detailsLookupFailedMessage,
  foreignVideoLinkMessage,
  notAVideoReadyMessage,
  plainHttpVideoLinkMessage,
  privateVideoHostMessage,
  privateVideoLinkMessage,
  refusedLookupFailedReason,
  refusedNoFreshLinkReason,
  unconfirmedLinkMessage,
  unresolvedVideoHostMessage,
} from '../errors/messages.js';
import type { CallOptions } from '../transport/call-bounds.js';
import type { RestClient } from './rest-client.js';
import { VideoReadyNotification, type Recording } from '../wire/schemas.js';

export interface VideoReady {
  /** The pre-signed link to the video, as received. */
  videoUrl: string;
  /**
   * The same for one video however often its link is re-signed: the link without its query string.
   * Platforms use it to deduplicate.
   */
  videoKey: string;
}

/** Where an identified video's link comes from: signed by the service just now, or the notification's own. */
export type VideoLinkSource = 'presign' | 'notification';

export interface IdentifiedVideo {
  /**
   * The service's own link when `linkConfirmed`: a fresh pre-signed one when the service confirmed the recording,
   * else the posted link on the service's own origin. Otherwise the posted https link on another host, as received.
   */
  videoUrl: string;
  /** videoUrl without its query string: stable across re-signed links, so derived from what the service says. */
  videoKey: string;
  /** only when the service confirmed it */
  recordingId: string | null;
  /** the confirmed recording's details */
  recording: Recording | null;
  /**
   * why the recording details are missing or the link is unconfirmed, in a user's words; null when confirmed, or
   * when the link is on the service's own origin and there is no REST client to ask
   */
  detailsError: string | null;
  /**
   * false for a posted link on another host that the service did not vouch for (it names no recording, the lookup
   * failed, or nothing could ask): passed on so that the service's notification is never lost, and never fetched.
   */
  linkConfirmed: boolean;
  /** 'presign' when videoUrl was signed by the service for the confirmed recording, 'notification' when posted. */
  linkSource: VideoLinkSource;
  /** Set when the posted link was on a host of neither the service nor its fresh link; never repeats that link. */
  postedLinkNote: string | null;
}

/**
 * A notification whose link is not passed on, and why, in a user's words. The reason never repeats the posted link
 * or its host: anyone who learns a callback address can post to it.
 */
export interface RefusedVideo {
  refused: string;
}

export function isRefusedVideo(video: IdentifiedVideo | VideoReady | RefusedVideo): video is RefusedVideo {
  return 'refused' in video;
}

/** The addresses a host name resolves to: the platform's DNS, or a test's stand-in. */
export type ResolveHost = (hostname: string) => Promise<readonly string[]>;

export interface VideoLinkOptions extends CallOptions {
  /**
   * Checks every address the link's host resolves to before a download, so that a name pointing into a private
   * network is refused as a literal private address is. Core has no resolver of its own (it runs where there is no
   * DNS API: n8n's sandbox, browsers, workers): a platform on Node passes the system's; without one only literal
   * addresses are checked.
   */
  resolveHost?: ResolveHost;
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
  return { videoUrl: parsed.data.result, videoKey: keyOf(new URL(parsed.data.result)) };
}

/**
 * What a receiver can tell of a notification before it answers, with no lookup: an unreadable body throws
 * (INVALID_INPUT); the one link that is never passed on, plain http off the service's origin, is refused. Anything
 * else goes on to identifyVideo.
 */
export function screenVideoReady(body: unknown, serviceUrl: string): VideoReady | RefusedVideo {
  const posted = parseVideoReady(body);
  const service = parseUrl(serviceUrl, 'serviceBaseUrl');
  const link = new URL(posted.videoUrl);
  if (link.origin !== service.origin && link.protocol !== 'https:') return { refused: PLAIN_HTTP_LINK_REFUSED };
  return posted;
}

/** Every UUID anywhere in the link (path and query), lower-cased, first seen first, at most MAX_VIDEO_ID_CANDIDATES. */
export function videoIdCandidates(videoUrl: string): string[] {
  const found = (videoUrl.match(UUID_ANYWHERE) ?? []).map((id) => id.toLowerCase());
  return [...new Set(found)].slice(0, MAX_VIDEO_ID_CANDIDATES);
}

/**
 * Which recording a video-ready notification is about, as far as the service confirms it, and the link a run may
 * carry. The link's UUIDs are candidates, checked with ONE list call (`ids`); a recording id is reported only when
 * the service returns it, and then the link is a fresh one the service signs for it (`getVideoUrl`): the posted
 * link is only a cue, since anyone who learns a callback address can post one.
 *
 * Unconfirmed (no REST client, a link naming no known recording, a failed lookup), the posted link is carried as it
 * came, with `detailsError` saying why: on another host it is marked `linkConfirmed: false`, since SPEC 6 lets the
 * service send its storage's link, and losing a real video is worse than a flagged link. Only plain http off the
 * service's origin is refused (RefusedVideo), and only an unreadable body throws (INVALID_INPUT).
 */
export async function identifyVideo(
  body: unknown,
  rest: RestClient | undefined,
  serviceUrl: string,
  options?: CallOptions,
): Promise<IdentifiedVideo | RefusedVideo> {
  const screened = screenVideoReady(body, serviceUrl);
  if (isRefusedVideo(screened)) return screened;
  const { videoUrl, videoKey } = screened;
  const service = parseUrl(serviceUrl, 'serviceBaseUrl');
  const posted = new URL(videoUrl);
  const onServiceOrigin = posted.origin === service.origin;
  const asPosted = (recording: Recording | null, detailsError: string | null): IdentifiedVideo => ({
    videoUrl,
    videoKey,
    recordingId: recording?.id ?? null,
    recording,
    detailsError,
    linkConfirmed: onServiceOrigin,
    linkSource: 'notification',
    postedLinkNote: null,
  });
  // On the service's origin the link is the service's own whatever the lookup says; elsewhere, the reason it is not.
  const unconfirmed = (onOrigin: string | null, offOrigin: string): IdentifiedVideo =>
    asPosted(null, onServiceOrigin ? onOrigin : unconfirmedLinkMessage(offOrigin));
  if (rest === undefined) return unconfirmed(null, REFUSED_CANNOT_CONFIRM);
  const candidates = videoIdCandidates(videoUrl);
  if (candidates.length === 0) return unconfirmed(LINK_NAMES_NO_RECORDING, REFUSED_NAMES_NO_RECORDING);
  let returned: Recording[];
  try {
    returned = (await rest.listRecordings({ ids: candidates, pageSize: candidates.length }, options)).content;
  } catch (error) {
    const reason = messageOf(error);
    return unconfirmed(detailsLookupFailedMessage(reason), refusedLookupFailedReason(reason));
  }
  const recording = pickConfirmed(returned, candidates);
  if (recording === undefined) return unconfirmed(LINK_NOT_CONFIRMED, REFUSED_NOT_CONFIRMED);
  let fresh: string;
  let freshLink: URL;
  try {
    fresh = await rest.getVideoUrl(recording.id, options);
    freshLink = new URL(fresh);
    if (freshLink.protocol !== 'https:' && freshLink.origin !== service.origin) throw new InvalidInputError(FRESH_LINK_PLAIN_HTTP);
  } catch (error) {
    // The recording is confirmed; the posted link is the service's own only on its origin, else flagged.
    return asPosted(recording, onServiceOrigin ? null : unconfirmedLinkMessage(refusedNoFreshLinkReason(messageOf(error))));
  }
  const postedLinkNote = onServiceOrigin || posted.origin === freshLink.origin ? null : POSTED_LINK_REPLACED;
  return {
    videoUrl: fresh,
    videoKey: keyOf(freshLink),
    recordingId: recording.id,
    recording,
    detailsError: null,
    linkConfirmed: true,
    linkSource: 'presign',
    postedLinkNote,
  };
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
 * The link to download the video from: the identified link as it is when the service just signed it, a fresh
 * pre-signed link when the recording is confirmed (and a REST client is there), else the posted link only when it is
 * on the service's own origin; otherwise INVALID_INPUT. Off the service's host, a link to a loopback, private,
 * link-local, CGNAT, unspecified or multicast address is refused (the service's own host may be one: a local lab),
 * and so is one whose host RESOLVES to such an address, when `options.resolveHost` is given; plain http only to the
 * service's own origin. The caller follows no redirect: a redirect could lead anywhere.
 */
export async function videoDownloadUrl(
  identified: Pick<IdentifiedVideo, 'videoUrl' | 'recordingId'> & Partial<Pick<IdentifiedVideo, 'linkSource'>>,
  rest: RestClient | undefined,
  serviceBaseUrl: string,
  options: VideoLinkOptions = {},
): Promise<string> {
  const { resolveHost, ...call } = options;
  const service = parseUrl(serviceBaseUrl, 'serviceBaseUrl');
  const { recordingId } = identified;
  const signed = identified.linkSource === 'presign';
  const confirmed = !signed && recordingId !== null && rest !== undefined;
  const raw = confirmed ? await rest.getVideoUrl(recordingId, call) : identified.videoUrl;
  const link = parseUrl(raw, 'videoUrl');
  const sameOrigin = link.origin === service.origin;
  if (!confirmed && !signed && !sameOrigin) throw new InvalidInputError(foreignVideoLinkMessage(link.host));
  const offServiceHost = link.hostname !== service.hostname;
  if (offServiceHost && isNonPublicHost(link.hostname)) throw new InvalidInputError(privateVideoLinkMessage(link.host));
  if (link.protocol !== 'https:' && !sameOrigin) throw new InvalidInputError(plainHttpVideoLinkMessage(link.host));
  if (offServiceHost && resolveHost !== undefined) await refusePrivateResolution(link, resolveHost);
  // As given, not re-serialized: a signature covers the link's exact text.
  return raw;
}

/** Refuses a host any of whose addresses is not public; one that cannot be resolved is not downloaded either. */
async function refusePrivateResolution(link: URL, resolveHost: ResolveHost): Promise<void> {
  const name = link.hostname.replace(/^\[|\]$/g, '');
  let addresses: readonly string[];
  try {
    addresses = await resolveHost(name);
  } catch {
    throw new NetworkError(unresolvedVideoHostMessage(link.host));
  }
  if (addresses.length === 0) throw new NetworkError(unresolvedVideoHostMessage(link.host));
  // Every address, not the first: a resolver may hand the connection any of them.
  if (addresses.some((address) => isNonPublicHost(address))) throw new InvalidInputError(privateVideoHostMessage(link.host));
}

function keyOf(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

function messageOf(error: unknown): string {
  return error instanceof ScreenRecError ? error.message : 'an unexpected error.';
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
