import {
  BadRequestError,
  ForbiddenError,
  IntegrationError,
  IntegrationNotConnectedError,
  NetworkError,
  NoActiveSubscriptionError,
  NotFoundError,
  ProxyError,
  RateLimitedError,
  ResponseTooLargeError,
  ServiceError,
  UnauthorizedError,
  UnexpectedResponseError,
  ValidationError,
  describeFieldErrors,
  type ErrorDetails,
  type ScreenRecError,
} from './error-classes.js';
import {
  HOOK_MALFORMED_MESSAGE,
  INTEGRATION_NOT_CONNECTED_MESSAGE,
  MAX_ANSWER_BYTES,
  NO_ACTIVE_SUBSCRIPTION_MESSAGE,
  NO_INTEGRATION_MESSAGE,
  PING_DISCONNECTED_MESSAGE,
  REST_FORBIDDEN_MESSAGE,
  TOKEN_REJECTED_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  VIDEO_LINK_EXPIRED_MESSAGE,
  hookRefusedMessage,
  proxyRefusedMessage,
  proxyTimedOutMessage,
  proxyUnreachableMessage,
  hookRefusedStatusMessage,
  quoteServiceText,
  rateLimitedMessage,
  redirectMessage,
  responseTooLargeMessage,
  restValidationMessage,
  serverErrorMessage,
  timedOutMessage,
  unreachableMessage,
  unsubscribeRefusedMessage,
  videoHostRedirectMessage,
  videoHostStatusMessage,
} from './messages.js';
import { FAILURE_STATUS, HEADER, isRedirect } from '../wire/protocol.js';
import { parseJson } from './schema-checks.js';
import { ValidationErrorBody } from '../wire/schemas.js';
import type { TransportRequest, TransportResponse } from '../transport/transport.js';

/**
 * Every way a request can fail, in one table: from an answer's status (or its absence) to the error code and the
 * sentence a user sees. Both clients and every transport build their errors here, so a status means the same on
 * every platform.
 */

export type HookActionName = 'PING' | 'RECORDING' | 'CALLBACK_SUBSCRIBE' | 'CALLBACK_UNSUBSCRIBE';

/** What the table needs to know of the request that failed. */
export interface FailedRequest {
  /** The hook action, or 'REST' for the REST API: the same status can mean different things on each. */
  action: HookActionName | 'REST';
  /** What a 404 means for this request, in the user's words. */
  notFound: string;
  /** The credential the request carried: scrubbed from any service text quoted. */
  secret: string;
}

type Build = (response: TransportResponse, request: FailedRequest) => ScreenRecError;

interface FailureRow {
  matches: (status: number) => boolean;
  hook: Build;
  rest: Build;
}

const detailsOf = (response: TransportResponse): ErrorDetails => ({ status: response.status });
const exactly = (code: number) => (status: number) => status === code;
const notFound: Build = (response, request) => new NotFoundError(request.notFound, detailsOf(response));
const refusedStatus: Build = (response) => new BadRequestError(hookRefusedStatusMessage(response.status), detailsOf(response));

/** The most of the service's field errors kept on a VALIDATION error. */
const MAX_FIELD_ERRORS = 20;

/** A REST 4xx without a row of its own: the service's field errors, quoted in part, kept whole on the error. */
const validation: Build = (response, { secret }) => {
  const body = ValidationErrorBody.safeParse(parseJson(response.body));
  const fieldErrors = body.success ? (body.data.errors ?? []) : [];
  const reason = fieldErrors.length > 0 ? describeFieldErrors(fieldErrors) : body.success ? body.data.message : `HTTP ${response.status}`;
  const scrub = (text: string) => quoteServiceText(text, [secret]);
  return new ValidationError(restValidationMessage(scrub(reason)), {
    ...detailsOf(response),
    fieldErrors: fieldErrors.slice(0, MAX_FIELD_ERRORS).map((e) => ({ path: scrub(e.path), message: scrub(e.message) })),
  });
};

const FAILURES: readonly FailureRow[] = [
  {
    matches: exactly(FAILURE_STATUS.badRequest),
    // A PING's 400 means the integration is gone; a RECORDING's, a malformed request.
    hook: (response, { action }) =>
      new BadRequestError(action === 'PING' ? PING_DISCONNECTED_MESSAGE : HOOK_MALFORMED_MESSAGE, detailsOf(response)),
    rest: validation,
  },
  {
    matches: exactly(FAILURE_STATUS.unauthorized),
    hook: refusedStatus,
    rest: (response) => new UnauthorizedError(UNAUTHORIZED_MESSAGE, detailsOf(response)),
  },
  {
    matches: exactly(FAILURE_STATUS.forbidden),
    hook: (response) => new ForbiddenError(TOKEN_REJECTED_MESSAGE, detailsOf(response)),
    rest: (response) => new ForbiddenError(REST_FORBIDDEN_MESSAGE, detailsOf(response)),
  },
  { matches: exactly(FAILURE_STATUS.notFound), hook: notFound, rest: notFound },
  {
    matches: exactly(FAILURE_STATUS.integrationError),
    hook: (response) => new IntegrationError(NO_INTEGRATION_MESSAGE, detailsOf(response)),
    rest: validation,
  },
  {
    matches: exactly(FAILURE_STATUS.tooManyRequests),
    hook: (response) => rateLimitedError(response),
    rest: (response) => rateLimitedError(response),
  },
  {
    matches: (status) => status >= 500,
    hook: (response) => new ServiceError(serverErrorMessage(response.status), detailsOf(response)),
    rest: (response) => new ServiceError(serverErrorMessage(response.status), detailsOf(response)),
  },
  // Any other 4xx.
  { matches: () => true, hook: refusedStatus, rest: validation },
];

/** The error of a request the service answered with a status other than 2xx (a redirect is refused earlier). */
export function failureOfResponse(response: TransportResponse, request: FailedRequest): ScreenRecError {
  const row = FAILURES.find((candidate) => candidate.matches(response.status)) as FailureRow;
  return (request.action === 'REST' ? row.rest : row.hook)(response, request);
}

/** The hook's refusals that come with status 200 and an `error` field, by that field's text. */
const REFUSALS: Readonly<Record<string, () => ScreenRecError>> = {
  'No active subscription.': () => new NoActiveSubscriptionError(NO_ACTIVE_SUBSCRIPTION_MESSAGE, { status: 200 }),
  'Integration not connected.': () => new IntegrationNotConnectedError(INTEGRATION_NOT_CONNECTED_MESSAGE, { status: 200 }),
};

/** A 200 answer of the hook that carries `error` instead of a result. */
export function hookRefusal(action: HookActionName, error: string, secret: string): ScreenRecError {
  const known = REFUSALS[error];
  if (known !== undefined) return known();
  const quoted = quoteServiceText(error, [secret]);
  return new ServiceError(action === 'CALLBACK_UNSUBSCRIBE' ? unsubscribeRefusedMessage(quoted) : hookRefusedMessage(quoted), {
    status: 200,
  });
}

/** A 3xx from the service: never followed, since the Location may be another origin that must not get the credential. */
export function redirectFailure(status: number): UnexpectedResponseError {
  return new UnexpectedResponseError(redirectMessage(status), { status });
}

/**
 * A 3xx or an error status from the host a video link points to (storage, not the service). Always SERVICE_ERROR,
 * never FORBIDDEN or UNAUTHORIZED: the connection's credentials are fine, and a new try gets a fresh link.
 */
export function videoHostFailure(status: number): ServiceError {
  const message = isRedirect(status)
    ? videoHostRedirectMessage(status)
    : status === 403
      ? VIDEO_LINK_EXPIRED_MESSAGE
      : videoHostStatusMessage(status);
  return new ServiceError(message, { status });
}

export function rateLimitedError(response: Pick<TransportResponse, 'headers'>): RateLimitedError {
  const retryAfterMs = parseRetryAfter(response.headers[HEADER.retryAfter]);
  return new RateLimitedError(rateLimitedMessage(retryAfterMs), {
    status: 429,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

/** A Retry-After header (seconds, or an HTTP date) in ms from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: () => number = Date.now): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now());
}

/**
 * The NETWORK error of a request that got no answer, for every transport. Only the origin and a low-level
 * reason (ECONNREFUSED…) reach the message: a platform's own error may carry the request, credentials included.
 */
export function networkFailure(
  request: Pick<TransportRequest, 'url' | 'timeoutMs'>,
  failure: { timedOut: boolean; reason?: string },
): NetworkError {
  const origin = new URL(request.url).origin;
  if (failure.timedOut) return new NetworkError(timedOutMessage(origin, request.timeoutMs));
  return new NetworkError(unreachableMessage(origin, quoteServiceText(failure.reason ?? 'network failure')));
}

/**
 * The error of a request that went to a proxy and got no answer: the proxy answered CONNECT with `status` (a 4xx is
 * not worth retrying: it will answer the same), or no answer came at all (the proxy down, or the service behind it silent).
 * The proxy is named by its `label` (host:port), never by its address, which may carry a password.
 */
export function proxyFailure(
  request: Pick<TransportRequest, 'url' | 'timeoutMs'>,
  proxy: { label: string; variable: string },
  failure: { status?: number; timedOut: boolean; reason?: string },
): ProxyError {
  const origin = new URL(request.url).origin;
  const named = { proxy: proxy.label };
  if (failure.status !== undefined)
    return new ProxyError(proxyRefusedMessage(origin, proxy.label, proxy.variable, failure.status), {
      ...named,
      retryable: failure.status >= 500,
    });
  const message = failure.timedOut
    ? proxyTimedOutMessage(origin, proxy.label, request.timeoutMs)
    : proxyUnreachableMessage(origin, proxy.label, proxy.variable, quoteServiceText(failure.reason ?? 'network failure'));
  return new ProxyError(message, { ...named, retryable: true });
}

/** The RESPONSE_TOO_LARGE error of a request whose answer passed its cap. */
export function responseTooLarge(
  request: Pick<TransportRequest, 'url'> & Partial<Pick<TransportRequest, 'maxBodyBytes'>>,
): ResponseTooLargeError {
  return new ResponseTooLargeError(responseTooLargeMessage(new URL(request.url).origin, request.maxBodyBytes ?? MAX_ANSWER_BYTES));
}
