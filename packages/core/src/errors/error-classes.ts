import type { FieldError } from '../wire/schemas.js';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'FORBIDDEN'
  | 'INTEGRATION_ERROR'
  | 'NO_ACTIVE_SUBSCRIPTION'
  | 'INTEGRATION_NOT_CONNECTED'
  | 'SERVICE_ERROR'
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  | 'VALIDATION'
  | 'RATE_LIMITED'
  | 'INVALID_INPUT'
  | 'NETWORK'
  | 'UNEXPECTED_RESPONSE'
  | 'DEADLINE'
  | 'CANCELLED'
  | 'RESPONSE_TOO_LARGE';

export interface ErrorDetails {
  status?: number;
  /** Field-level problems: ours (INVALID_INPUT) or the service's (VALIDATION). */
  fieldErrors?: FieldError[];
  /** For RATE_LIMITED: how long the service asked us to wait. */
  retryAfterMs?: number;
}

/**
 * The one error type core throws. Messages are written for a no-code user and never carry a secret:
 * errors are built from status codes and service bodies only, never from request headers.
 */
export abstract class ScreenRecError extends Error {
  abstract readonly code: ErrorCode;
  abstract readonly retryable: boolean;
  readonly status?: number;
  readonly fieldErrors?: FieldError[];
  readonly retryAfterMs?: number;

  constructor(message: string, details: ErrorDetails = {}) {
    super(message);
    this.name = new.target.name;
    if (details.status !== undefined) this.status = details.status;
    if (details.fieldErrors !== undefined) this.fieldErrors = details.fieldErrors;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      status: this.status,
      retryable: this.retryable,
      fieldErrors: this.fieldErrors,
    };
  }
}

export class BadRequestError extends ScreenRecError {
  readonly code = 'BAD_REQUEST';
  readonly retryable = false;
}
export class ForbiddenError extends ScreenRecError {
  readonly code = 'FORBIDDEN';
  readonly retryable = false;
}
export class IntegrationError extends ScreenRecError {
  readonly code = 'INTEGRATION_ERROR';
  readonly retryable = false;
}
export class NoActiveSubscriptionError extends ScreenRecError {
  readonly code = 'NO_ACTIVE_SUBSCRIPTION';
  readonly retryable = false;
}
export class IntegrationNotConnectedError extends ScreenRecError {
  readonly code = 'INTEGRATION_NOT_CONNECTED';
  readonly retryable = false;
}
export class ServiceError extends ScreenRecError {
  readonly code = 'SERVICE_ERROR';
  readonly retryable = true;
}
export class UnauthorizedError extends ScreenRecError {
  readonly code = 'UNAUTHORIZED';
  readonly retryable = false;
}
export class NotFoundError extends ScreenRecError {
  readonly code = 'NOT_FOUND';
  readonly retryable = false;
}
export class ValidationError extends ScreenRecError {
  readonly code = 'VALIDATION';
  readonly retryable = false;
}
export class RateLimitedError extends ScreenRecError {
  readonly code = 'RATE_LIMITED';
  readonly retryable = true;
}
export class InvalidInputError extends ScreenRecError {
  readonly code = 'INVALID_INPUT';
  readonly retryable = false;
}
export class NetworkError extends ScreenRecError {
  readonly code = 'NETWORK';
  readonly retryable: boolean = true;
}
/**
 * No answer came because of the proxy that HTTPS_PROXY or HTTP_PROXY sets: it refused the connection, could not be
 * reached, is not an address, or this Node.js cannot use it. A NETWORK error (platforms treat it as one), whose
 * message and `proxy` name the proxy by host and port, never by its user or password; worth retrying only when the
 * proxy could not be reached.
 */
export class ProxyError extends NetworkError {
  override readonly retryable: boolean;
  /** `host:port`, or undefined when the proxy's address could not be read. */
  readonly proxy?: string;

  constructor(message: string, failure: { proxy?: string; retryable: boolean }) {
    super(message);
    this.retryable = failure.retryable;
    if (failure.proxy !== undefined) this.proxy = failure.proxy;
  }
}
export class UnexpectedResponseError extends ScreenRecError {
  readonly code = 'UNEXPECTED_RESPONSE';
  readonly retryable = false;
}

/** The operation's deadline would be passed: nothing more was started. */
export class DeadlineError extends ScreenRecError {
  readonly code = 'DEADLINE';
  readonly retryable = false;
}
/** The caller's AbortSignal fired. */
export class CancelledError extends ScreenRecError {
  readonly code = 'CANCELLED';
  readonly retryable = false;
}
/** An answer was larger than core reads (MAX_ANSWER_BYTES). */
export class ResponseTooLargeError extends ScreenRecError {
  readonly code = 'RESPONSE_TOO_LARGE';
  readonly retryable = false;
}

export function isScreenRecError(value: unknown): value is ScreenRecError {
  return value instanceof ScreenRecError;
}

/** "`email`: must be an e-mail address; `tags.0`: must not be empty" */
export function describeFieldErrors(errors: readonly FieldError[]): string {
  return errors.map((e) => (e.path ? `\`${e.path}\`: ${e.message}` : e.message)).join('; ');
}
