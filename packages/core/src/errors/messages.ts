/**
 * Every sentence core shows a user, in one place: platforms and tests import these instead of re-typing them.
 * Messages say what went wrong and what to do; none is ever built from a request header or a credential.
 */

/** The most characters of the service's own text (an error field, a validation message) quoted in a message. */
export const MAX_QUOTED_CHARS = 200;

/** The most core reads of one answer: every JSON answer of the API is far smaller. */
export const MAX_ANSWER_BYTES = 10 * 1024 * 1024;

const REDACTED = '[redacted]';

/**
 * Service text made safe to quote: every secret replaced, control characters and runs of white space folded,
 * and at most MAX_QUOTED_CHARS characters kept (scrubbed first, so a secret is never cut in half and half-shown).
 */
export function quoteServiceText(text: string, secrets: readonly string[] = []): string {
  let safe = text;
  for (const secret of secrets) if (secret !== '') safe = safe.split(secret).join(REDACTED);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach a message
  safe = safe.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
  return safe.length <= MAX_QUOTED_CHARS ? safe : `${safe.slice(0, MAX_QUOTED_CHARS - 1)}…`;
}

/** 25 s, 0.15 s, 2.5 s: the way a person reads a budget. */
export function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return String(seconds >= 10 ? Math.round(seconds) : Math.round(seconds * 100) / 100);
}

/** 3,005 */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

// Deadlines and cancellation.
export const CANCELLED_MESSAGE = 'The request to ScreenRec was cancelled: the run was stopped.';
export const DEADLINE_FORMAT = 'must be a time in milliseconds since 1970, as Date.now() gives';
export const HINT_NARROW_SEARCH = 'narrow the search (a shorter date range)';
export const HINT_CHECK_SERVICE = 'check that ScreenRec answers at the Service URL';

/**
 * "ScreenRec did not finish listing recordings within the 25 s this step may take. Try again; if it keeps
 * happening, narrow the search (a shorter date range)." `reason` says what was left to do, when known.
 */
export function deadlineMessage(operation: string, budgetMs: number, hint: string, reason?: string): string {
  const why = reason === undefined ? '' : ` (${reason})`;
  return `ScreenRec did not finish ${operation} within the ${formatSeconds(budgetMs)} s this step may take${why}. Try again; if it keeps happening, ${hint}.`;
}

/** Why a retry was not waited for: it would end past the deadline. */
export function retryPastDeadlineReason(waitMs: number, status?: number): string {
  const after = status === undefined ? 'a failed attempt' : status === 429 ? 'ScreenRec asked to slow down (HTTP 429)' : `HTTP ${status}`;
  return `after ${after}, the ${formatSeconds(waitMs)} s wait before trying again would pass the limit`;
}

// Transport and answers.
export function redirectMessage(status: number): string {
  return `ScreenRec answered with a redirect (HTTP ${status}), which this connector does not follow. Check the Service URL: use the address the service is actually served at (https://…).`;
}

export function responseTooLargeMessage(origin: string, maxBytes: number = MAX_ANSWER_BYTES): string {
  return `ScreenRec at ${origin} sent an answer larger than ${formatBytes(maxBytes)}, more than this connector reads. Check that the Service URL points at ScreenRec.`;
}

export function timedOutMessage(origin: string, timeoutMs: number): string {
  return `ScreenRec at ${origin} did not answer within ${formatSeconds(timeoutMs)} s. Try again later; if it keeps happening, check the Service URL.`;
}

export function unreachableMessage(origin: string, reason: string): string {
  return `Could not reach ScreenRec at ${origin} (${reason}). Check the Service URL and that the service is running.`;
}

// Proxies (HTTPS_PROXY, HTTP_PROXY): a proxy is named by host and port only, since its address may carry a password.
/** What the proxy's answer to CONNECT says, for a person. */
function proxyAnswer(status: number): string {
  if (status === 407) return 'HTTP 407: it wants a user name and password, or refused the ones given';
  if (status === 403) return 'HTTP 403: it does not allow this connection';
  return `HTTP ${status}`;
}

/** The proxy answered CONNECT with `status`: a refusal (4xx), or it could not reach the service itself (5xx). */
export function proxyRefusedMessage(origin: string, proxy: string, variable: string, status: number): string {
  if (status >= 500)
    return `The proxy at ${proxy} could not connect to ScreenRec at ${origin} (${proxyAnswer(status)}). Check the Service URL and that the service is running; try again later.`;
  return `The proxy at ${proxy} refused to connect to ScreenRec at ${origin} (${proxyAnswer(status)}). Check the proxy and its user and password in ${variable}, or list ScreenRec's host in NO_PROXY if it is to be reached directly.`;
}

export function proxyUnreachableMessage(origin: string, proxy: string, variable: string, reason: string): string {
  return `Could not reach ScreenRec at ${origin} through the proxy at ${proxy} (${reason}). Check ${variable} and that the proxy is running.`;
}

export function proxyTimedOutMessage(origin: string, proxy: string, timeoutMs: number): string {
  return `ScreenRec at ${origin} did not answer through the proxy at ${proxy} within ${formatSeconds(timeoutMs)} s. Try again later; if it keeps happening, check the proxy.`;
}

export function proxySupportMissingMessage(variable: string): string {
  return `${variable} is set, so requests to ScreenRec go through a proxy, which this Node.js does without help only when started with NODE_USE_ENV_PROXY=1 (Node 22.21 or later): install the undici package beside this connector (npm install undici), or start Node that way. Nothing was sent to ScreenRec.`;
}

export function proxyAddressInvalidMessage(variable: string): string {
  return `${variable} does not hold a proxy address: write it as http://host:port (or http://user:password@host:port). Nothing was sent to ScreenRec.`;
}

/** A platform transport's own failure text, scrubbed and cut. */
export function transportFailureMessage(reason: string): string {
  return `Could not reach ScreenRec (${reason}). Check the Service URL and try again.`;
}

export function unexpectedAnswerMessage(status: number, problems: string): string {
  return `ScreenRec answered in a form this connector does not understand (HTTP ${status}: ${problems}). Check that the Service URL points at ScreenRec.`;
}

// Input.
export const BASE_URL_FORMAT = 'must be a full URL such as https://api.screenrec.example';
export const BASE_URL_WITH_CREDENTIALS =
  'must not contain a user name or password (user:pass@): enter the address alone; the backend token and API key have their own fields';
export const BACKEND_TOKEN_REQUIRED = "is required: copy it from the integration's Setup button";
export const API_KEY_REQUIRED = "is required: create one in the dashboard's API section";
export const HTTPS_SERVICE_URL_REQUIRED =
  'must start with https:// (plain http:// would send the backend token and API key unencrypted): use the https address of your ScreenRec service; only an address on this machine (http://localhost, http://127.0.0.1) may use http';
export const HTTPS_CALLBACK_REQUIRED = 'must be an https URL: ScreenRec only calls https callbacks';
export const MISSING_PLATFORM_PIECES =
  "is required: the portable screenrec entry has no Node defaults, so pass the platform's own transport and sleep";

/** "Tags, Comment or Title": a choice between some things, as a sentence names it. */
export function eitherOf(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;
}

/** An update that would change nothing: `fields` are the labels of what it can change. */
export function nothingToUpdateMessage(fields: readonly string[]): string {
  return `Nothing to update: fill in ${eitherOf(fields)}, or turn on Remove All Tags. Nothing was sent to ScreenRec.`;
}
export const TAGS_WITH_REMOVE_ALL_TAGS_MESSAGE =
  'Tags and Remove All Tags were both given: leave Tags empty to remove every tag, or turn Remove All Tags off to replace the tags with the ones given. Nothing was sent to ScreenRec.';

export function invalidInputMessage(fieldErrors: string): string {
  return `Invalid input: ${fieldErrors}. Nothing was sent to ScreenRec.`;
}

// REST answers.
export const UNAUTHORIZED_MESSAGE =
  "The API key was rejected: it is wrong, revoked or expired. Create a new key in the ScreenRec dashboard's API section and reconnect.";
export const REST_FORBIDDEN_MESSAGE =
  "This API key may not use this workspace: API access is off for the workspace, or the key belongs to another workspace. Turn API access on in the dashboard's API section, or check the workspace ID.";
export const NOT_FOUND_RECORDING =
  'ScreenRec has no recording with this ID in the workspace. Check the recording ID (and the workspace ID of the connection).';
/** A 404 of a workspace-wide call (list, create, tag search): the workspace itself is not there. */
export const NOT_FOUND_WORKSPACE =
  "ScreenRec has no workspace with this Workspace ID at this Service URL. Check both in the connection (the Workspace ID is shown in the dashboard's API section).";
/** A 404 to a request the client has no method for (its `request`). */
export const NOT_FOUND_AT_PATH = 'ScreenRec has nothing at this path (HTTP 404). Check the path and the IDs in it.';

/** A request the client has no method for, refused before it is sent: `reason` says where the secrets go. */
export function nothingSentMessage(reason: string): string {
  return `Nothing was sent: ${reason}`;
}

/** Why a request with no method of its own is not sent: a GET with a body. */
export const GET_WITH_BODY = 'a GET request has no body: put its values in the query, or choose another method.';
/** Why a request with no method of its own is not sent: its path is neither a path nor a whole URL. */
export const PATH_FORM =
  'start the path with `/` (from the Service URL, such as /public/integration/<workspace ID>/recordings/tags), or give a whole URL on the Service URL.';

export function secretHeaderGivenMessage(names: readonly string[]): string {
  return `Nothing was sent: leave out the ${names.join(' and ')} header${names.length > 1 ? 's' : ''}; the connection adds the secret that this address takes itself.`;
}

export const NOT_FOUND_VIDEO =
  'ScreenRec has no video for this recording: the recording does not exist in this workspace, or it has not been recorded yet.';

export function serverErrorMessage(status: number): string {
  return `ScreenRec had a server error (HTTP ${status}). Try again in a few minutes.`;
}

export function rateLimitedMessage(retryAfterMs: number | undefined): string {
  const when = retryAfterMs === undefined ? 'a moment' : `${Math.ceil(retryAfterMs / 1000)} s`;
  return `ScreenRec is receiving too many requests. Wait ${when} and try again.`;
}

export function restValidationMessage(reason: string): string {
  return `ScreenRec rejected the values sent (${reason}). Correct them and try again.`;
}

// Hook answers.
export const RECONNECT = 'Press Setup on the integration in the ScreenRec dashboard, copy the new backend token and reconnect.';
export const NO_ACTIVE_SUBSCRIPTION_MESSAGE =
  'The ScreenRec workspace has no active subscription (it expired or was canceled). Renew it in the ScreenRec dashboard, then try again.';
export const INTEGRATION_NOT_CONNECTED_MESSAGE = `The ScreenRec integration is not connected. ${RECONNECT}`;
export const PING_DISCONNECTED_MESSAGE = `ScreenRec says this integration was disconnected or no longer exists. ${RECONNECT}`;
export const HOOK_MALFORMED_MESSAGE =
  'ScreenRec rejected the request as malformed (Bad request). Check the Service URL and the values you entered.';
export const TOKEN_REJECTED_MESSAGE = `The backend token was rejected. ${RECONNECT}`;
export const NO_INTEGRATION_MESSAGE = `ScreenRec has no active integration for this backend token: it is missing, was replaced by a newer Setup, or the integration was disconnected. ${RECONNECT}`;
export const HOOK_NOT_FOUND_MESSAGE = "Nothing answers at this Service URL's automation endpoint. Check the Service URL.";

/** `quoted` is the service's `error` text, already passed through quoteServiceText. */
export function hookRefusedMessage(quoted: string): string {
  return `ScreenRec could not complete the request ("${quoted}"). Try again in a few minutes; if it keeps failing, check that the integration is still connected.`;
}

export function unsubscribeRefusedMessage(quoted: string): string {
  return `ScreenRec could not remove this subscription ("${quoted}"): it may already be gone, or the integration was disconnected.`;
}

export function hookRefusedStatusMessage(status: number): string {
  return `ScreenRec refused the request (HTTP ${status}). Check the Service URL and the values you entered.`;
}

// A recording the hook just created.
export const CREATED_NOT_LISTED_YET = 'The recording was created, but ScreenRec did not list it yet, so its ID is missing.';

export function createdIdLookupFailedMessage(reason: string): string {
  return `The recording was created, but its ID could not be fetched: ${reason}`;
}

// Video ready.
export const NOT_A_VIDEO_READY_HINT = 'expected a JSON body like {"result": "https://…"}';
export const LINK_NAMES_NO_RECORDING =
  'The video link names no recording ID, so ScreenRec could not say which recording it belongs to. The link itself still works.';
export const LINK_NOT_CONFIRMED =
  'ScreenRec has no recording in this workspace that matches the video link (it may belong to another workspace). The link itself still works.';

export function notAVideoReadyMessage(problems: string): string {
  return `This is not a ScreenRec video-ready notification (${problems}): ${NOT_A_VIDEO_READY_HINT}.`;
}

export function detailsLookupFailedMessage(reason: string): string {
  return `The recording details could not be fetched: ${reason}`;
}

export function foreignVideoLinkMessage(host: string): string {
  return `The video was not downloaded: the link points to another host (${host}) than the Service URL, and ScreenRec did not confirm which recording it belongs to. Turn on the REST API key in the connection, or download only links from the Service URL.`;
}

export function privateVideoLinkMessage(host: string): string {
  return `The video was not downloaded: the link points to a private or local network address (${host}) that is not the Service URL's host.`;
}

/** The host's name was given, but what it resolves to is not on the public internet. */
export function privateVideoHostMessage(host: string): string {
  return `The video was not downloaded: its host (${host}) resolves to a private or local network address, and it is not the Service URL's host.`;
}

export function unresolvedVideoHostMessage(host: string): string {
  return `The video was not downloaded: its host (${host}) could not be found. Try again in a few minutes.`;
}

export function plainHttpVideoLinkMessage(host: string): string {
  return `The video was not downloaded: the link is plain http to another host (${host}) than the Service URL's, and only the service itself may be reached without https.`;
}

// Why ScreenRec did not confirm a posted link on another host than the Service URL's. Anyone who learns a callback
// address can post to it, so these never repeat the link (nor its host).
/** The link names no recording. */
export const REFUSED_NAMES_NO_RECORDING = 'it names no recording';
/** The service lists none of the recordings the link names. */
export const REFUSED_NOT_CONFIRMED = 'ScreenRec has no recording in this workspace that it names';
/** There is no REST client to ask the service with. */
export const REFUSED_CANNOT_CONFIRM =
  'the connection has no Workspace ID and API Key to confirm it with (fill them in when ScreenRec keeps its videos on another host)';

// A reason quoted in parentheses mid-sentence loses its closing full stop.
export function refusedLookupFailedReason(reason: string): string {
  return `the recording could not be checked with ScreenRec (${reason.replace(/\.$/, '')})`;
}

export function refusedNoFreshLinkReason(reason: string): string {
  return `ScreenRec confirmed the recording but gave no fresh link to its video (${reason.replace(/\.$/, '')})`;
}

/**
 * Why a video-ready notification's link is passed on unconfirmed (`linkConfirmed: false`): a notification the
 * service sent must not be lost for its shape (an object store's link on its own host is one), so it is delivered,
 * flagged, and nothing is fetched from it.
 */
export function unconfirmedLinkMessage(why: string): string {
  return `ScreenRec did not confirm this video link: it is on another host than the Service URL, and ${why}. It is passed on so that no video is lost; nothing was fetched from it, so check where it points before you use it.`;
}

/** @deprecated A link on another host is no longer refused but passed on unconfirmed: see unconfirmedLinkMessage. */
export function postedLinkRefusedMessage(why: string): string {
  return `A video-ready notification was not passed on: its video link is not on the Service URL's host, and ${why}.`;
}

/** Why a confirmed recording's fresh link is not used: http to another origin than the service's. */
export const FRESH_LINK_PLAIN_HTTP = "the fresh link it gave is plain http to another host than the Service URL's";

export const PLAIN_HTTP_LINK_REFUSED =
  "A video-ready notification was not passed on: its video link is plain http to another host than the Service URL's.";

export const POSTED_LINK_REPLACED =
  "The notification's video link was on a host of neither the Service URL nor ScreenRec's fresh link; the run carries the fresh link ScreenRec gave for the recording instead.";

// The video's own host (storage), reached through a pre-signed link.
export const VIDEO_LINK_EXPIRED_MESSAGE =
  "The video's storage refused its temporary link (HTTP 403): the link has expired. Get a fresh link to the video and try again.";

export function videoHostRedirectMessage(status: number): string {
  return `The video's storage answered with a redirect (HTTP ${status}), which is not followed. Get a fresh link to the video and try again.`;
}

export function videoHostStatusMessage(status: number): string {
  return `The video's storage answered HTTP ${status} instead of the video. Try again in a few minutes; the video may not be available yet.`;
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${formatCount(bytes)} bytes`;
}

// Finding a recording by its external reference.
export interface ReferenceSearchOutcome {
  externalReference: string;
  /** The created-after bound searched from, as given. */
  createdAfter?: string;
  /** Whether other criteria (states, tags, …) narrowed the recordings looked at. */
  filtered?: boolean;
  scanned: number;
  found: boolean;
  /** false when the time budget cut the search short. */
  complete: boolean;
  elapsedMs: number;
}

/** One sentence: what was searched, and why it stopped. */
export function referenceSearchSummary(outcome: ReferenceSearchOutcome): string {
  const reference = `"${quoteServiceText(outcome.externalReference)}"`;
  const since = outcome.createdAfter === undefined ? 'in the workspace' : `created since ${outcome.createdAfter}`;
  const where = outcome.filtered === true ? `${since} that meet the other criteria` : since;
  const counted = `${formatCount(outcome.scanned)} recording${outcome.scanned === 1 ? '' : 's'}`;
  if (outcome.found)
    return `Found the recording with external reference ${reference} among the ${counted} looked at, newest first, ${where}.`;
  if (outcome.complete) return `Searched all ${counted} ${where} without finding the external reference ${reference}.`;
  return `Searched ${counted} ${where} in ${formatSeconds(outcome.elapsedMs)} s without finding the external reference ${reference}; the search stopped at the time limit: narrow the window (a later created-after date).`;
}
