import { z } from 'zod/v4';
import {
  InvalidInputError,
  NetworkError,
  RateLimitedError,
  ScreenRecError,
  UnexpectedResponseError,
  describeFieldErrors,
} from './errors';
import {
  BASE_URL_FORMAT,
  BASE_URL_WITH_CREDENTIALS,
  MAX_ANSWER_BYTES,
  MISSING_PLATFORM_PIECES,
  invalidInputMessage,
  quoteServiceText,
  rateLimitedMessage,
  redirectMessage,
  retryPastDeadlineReason,
  transportFailureMessage,
  unexpectedAnswerMessage,
} from './messages';
import { Operation, type CallOptions, type OperationLabel, type Sleep } from './operation';
import type { FieldError } from './schemas';
import { responseTooLarge, type HttpMethod, type Transport, type TransportRequest, type TransportResponse } from './transport';

export interface ClientOptions {
  /** The service's base address, for example https://api.screenrec.example. */
  baseUrl: string;
  /** Required from the portable entry; `@screenrec/core` defaults to fetch. */
  transport?: Transport;
  /** Per-request timeout. Default 30 s. */
  timeoutMs?: number;
  /** Retries of idempotent calls after NETWORK, 5xx and 429. Default 3. */
  maxRetries?: number;
  /** First backoff delay; doubled at each retry, with jitter. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** Longest Retry-After we wait for before giving up with RATE_LIMITED. Default 60 s. */
  maxRetryAfterMs?: number;
  /** The wait between retries. Required from the portable entry (n8n: sleepWithAbort); `@screenrec/core` uses a timer. */
  sleep?: Sleep;
  /** A time budget for each operation whose call gives no `deadline` (ms from the operation's start). Default none. */
  deadlineMs?: number;
  /** The clock deadlines are read on. Default Date.now. */
  now?: () => number;
}

export interface Call {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  /** Only idempotent calls are retried; a creation is sent once. */
  idempotent: boolean;
  /** The credential this call carries, scrubbed from any transport failure text. */
  secret: string;
}

export interface Answer {
  status: number;
  headers: TransportResponse['headers'];
  text: string;
}

const DEFAULTS = { timeoutMs: 30_000, maxRetries: 3, retryBaseDelayMs: 500, maxRetryAfterMs: 60_000 };
const MAX_BACKOFF_MS = 8_000;

/**
 * One request path for both interfaces: the transport, timeouts, retries with backoff and Retry-After, all inside
 * one Operation's signal and deadline.
 */
export class Exchange {
  readonly baseUrl: string;
  private readonly transport: Transport;
  private readonly settings: typeof DEFAULTS;
  private readonly sleep: Sleep;
  private readonly deadlineMs: number | undefined;
  private readonly now: () => number;

  constructor(options: ClientOptions) {
    this.baseUrl = normalizeBaseUrl(options.baseUrl);
    if (options.transport === undefined || options.sleep === undefined) {
      const missing = options.transport === undefined ? 'transport' : 'sleep';
      throw invalidInput([{ path: missing, message: MISSING_PLATFORM_PIECES }]);
    }
    this.transport = options.transport;
    this.sleep = options.sleep;
    this.settings = {
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
      maxRetries: options.maxRetries ?? DEFAULTS.maxRetries,
      retryBaseDelayMs: options.retryBaseDelayMs ?? DEFAULTS.retryBaseDelayMs,
      maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs,
    };
    this.deadlineMs = validateInput(z.number().positive().optional(), options.deadlineMs, () => 'deadlineMs');
    this.now = options.now ?? Date.now;
  }

  /** Starts an operation: every send of it shares the call's signal and deadline (or the client's budget). */
  begin(label: OperationLabel, options?: CallOptions): Operation {
    return new Operation(label, options, this.now, this.deadlineMs);
  }

  async send(call: Call, operation: Operation): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
    let body: string | undefined;
    if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    }
    const retries = call.idempotent ? this.settings.maxRetries : 0;
    for (let attempt = 0; ; attempt++) {
      const timeoutMs = operation.requestTimeout(this.settings.timeoutMs);
      const request: TransportRequest = { method: call.method, url: call.url, headers, body, timeoutMs, maxBodyBytes: MAX_ANSWER_BYTES };
      if (operation.signal !== undefined) request.signal = operation.signal;
      let answer: Answer;
      try {
        const response = await operation.guard(this.transport(request));
        // A platform transport that does not cap its read is still not passed on past the cap.
        if (response.body.length > MAX_ANSWER_BYTES) throw responseTooLarge(request);
        answer = { status: response.status, headers: response.headers, text: response.body };
      } catch (error) {
        if (operation.signal?.aborted) throw operation.cancelled();
        if (timeoutMs < this.settings.timeoutMs && operation.expired()) throw operation.deadlineError();
        const failure = asScreenRecError(error, call.secret);
        if (attempt >= retries || !failure.retryable) throw failure;
        const wait = this.backoff(attempt);
        await operation.wait(wait, this.sleep, retryPastDeadlineReason(wait));
        continue;
      }
      // Never followed: the Location may be another origin, which must not receive the credential.
      if (answer.status >= 300 && answer.status < 400) {
        throw new UnexpectedResponseError(redirectMessage(answer.status), { status: answer.status });
      }
      const wait = this.retryDelay(answer, attempt);
      if (wait === undefined || attempt >= retries) return answer;
      await operation.wait(wait, this.sleep, retryPastDeadlineReason(wait, answer.status));
    }
  }

  /** How long to wait before retrying this answer, or undefined when it is final. */
  private retryDelay(answer: Answer, attempt: number): number | undefined {
    if (answer.status === 429) {
      const retryAfter = parseRetryAfter(answer.headers['retry-after'], this.now);
      if (retryAfter === undefined) return this.backoff(attempt);
      return retryAfter <= this.settings.maxRetryAfterMs ? retryAfter : undefined;
    }
    return answer.status >= 500 ? this.backoff(attempt) : undefined;
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(MAX_BACKOFF_MS, this.settings.retryBaseDelayMs * 2 ** attempt);
    return Math.round(ceiling * (0.5 + Math.random() * 0.5));
  }
}

export function parseRetryAfter(value: string | undefined, now: () => number = Date.now): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now());
}

export function rateLimitedError(answer: Answer): RateLimitedError {
  const retryAfterMs = parseRetryAfter(answer.headers['retry-after']);
  return new RateLimitedError(rateLimitedMessage(retryAfterMs), {
    status: 429,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

/** Parses a JSON body; undefined when the body is empty or not JSON (an HTML error page, say). */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Validates a successful answer's body (already parsed, when the caller had to look into it first). */
export function readAnswer<S extends z.ZodType>(schema: S, answer: Answer, json: unknown = parseJson(answer.text)): z.output<S> {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  throw new UnexpectedResponseError(unexpectedAnswerMessage(answer.status, quoteServiceText(describeFieldErrors(fieldErrorsOf(result.error)))), {
    status: answer.status,
  });
}

/** Validates caller input before anything is sent. */
export function validateInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  renamePath: (path: string) => string = (path) => path,
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidInput(fieldErrorsOf(result.error).map((e) => ({ ...e, path: renamePath(e.path) })));
}

export function invalidInput(fieldErrors: FieldError[]): InvalidInputError {
  return new InvalidInputError(invalidInputMessage(describeFieldErrors(fieldErrors)), { fieldErrors });
}

export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : issue.message,
  }));
}

const BaseUrl = z.url({ protocol: /^https?$/, error: BASE_URL_FORMAT });

function normalizeBaseUrl(value: string): string {
  const url = validateInput(BaseUrl, typeof value === 'string' ? value.trim() : value, () => 'baseUrl');
  const parsed = new URL(url);
  // A user:pass@ in the address would be sent to the service (and shown wherever the URL is): refused, unseen.
  if (parsed.username !== '' || parsed.password !== '') throw invalidInput([{ path: 'baseUrl', message: BASE_URL_WITH_CREDENTIALS }]);
  return url.replace(/\/+$/, '');
}

function asScreenRecError(error: unknown, secret: string): ScreenRecError {
  if (error instanceof ScreenRecError) return error;
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  const reason = typeof message === 'string' ? message : String(error);
  return new NetworkError(transportFailureMessage(quoteServiceText(reason, [secret])));
}
