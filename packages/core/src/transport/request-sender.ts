import * as z from 'zod/v4';
import { NetworkError, ScreenRecError } from '../errors/error-classes.js';
import { parseRetryAfter, redirectFailure } from '../errors/failure-table.js';
import {
  BASE_URL_FORMAT,
  BASE_URL_WITH_CREDENTIALS,
  MAX_ANSWER_BYTES,
  MISSING_PLATFORM_PIECES,
  quoteServiceText,
  retryPastDeadlineReason,
  transportFailureMessage,
} from '../errors/messages.js';
import { CallBounds, type CallBoundsLabel, type CallOptions, type Sleep } from './call-bounds.js';
import { HEADER, JSON_MEDIA_TYPE, isRedirect, type HttpMethod } from '../wire/protocol.js';
import { invalidInput, validateInput } from '../errors/schema-checks.js';
import { LOG_LEVELS, RequestLog, type LogLevel, type Logger } from './request-log.js';
import type { Transport, TransportRequest, TransportResponse } from './transport.js';

export interface ClientOptions {
  /** The service's base address, for example https://api.screenrec.example. */
  baseUrl: string;
  /** Required from the portable entry; `screenrec` defaults to fetch. */
  transport?: Transport;
  /** Per-request timeout. Default 30 s. */
  timeoutMs?: number;
  /** Retries of idempotent calls after NETWORK, 5xx and 429. Default 3. */
  maxRetries?: number;
  /** First backoff delay; doubled at each retry, with jitter. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** Longest Retry-After we wait for before giving up with RATE_LIMITED. Default 60 s. */
  maxRetryAfterMs?: number;
  /** The wait between retries. Required from the portable entry (n8n: sleepWithAbort); `screenrec` uses a timer. */
  sleep?: Sleep;
  /** A time budget for each operation whose call gives no `deadline` (ms from the operation's start). Default none. */
  deadlineMs?: number;
  /** The clock deadlines are read on. Default Date.now. */
  now?: () => number;
  /** Where the client's log lines go (`console` will do); none without one. Lines never hold a secret. */
  logger?: Logger;
  /**
   * How much goes to `logger`: `debug` every request and answer, `info` also a final refusal (4xx, 5xx), `warn` each
   * retry, `error` a request that got no answer, `off` nothing. Default `warn`; on Node, Deno and Bun the
   * SCREENREC_LOG environment variable sets it (and then the logger defaults to `console`).
   */
  logLevel?: LogLevel;
}

/** One request to the service as a client describes it, before serialization and retries. */
export interface ServiceRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Only idempotent requests are retried; a creation is sent once. */
  idempotent: boolean;
  /** The credential this request carries, scrubbed from any transport failure text. */
  secret: string;
}

/** An answer, with what the attempts before it left unknown. */
export interface SentResponse extends TransportResponse {
  /**
   * How many earlier attempts of this request got no answer (a network failure or a timeout): the service may have
   * carried any of them out before its answer was lost, so this answer, to a retry, may describe what they did.
   */
  unansweredAttempts: number;
}

const DEFAULTS = { timeoutMs: 30_000, maxRetries: 3, retryBaseDelayMs: 500, maxRetryAfterMs: 60_000 };
const MAX_BACKOFF_MS = 8_000;

/**
 * Sends the requests of both interfaces: through the transport, with timeouts, retries with backoff and
 * Retry-After, all inside one call's CallBounds (its signal and deadline). It never judges a final status: the
 * clients do, through the failure table.
 */
export class RequestSender {
  readonly baseUrl: string;
  private readonly transport: Transport;
  private readonly settings: typeof DEFAULTS;
  private readonly sleep: Sleep;
  private readonly deadlineMs: number | undefined;
  private readonly now: () => number;
  private readonly log: RequestLog;

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
    this.log = new RequestLog(options.logger, validateInput(LogLevelOption, options.logLevel, () => 'logLevel') ?? 'warn');
  }

  /** Starts an operation: every send of it shares the call's signal and deadline (or the client's budget). */
  begin(label: CallBoundsLabel, options?: CallOptions): CallBounds {
    return new CallBounds(label, options, this.now, this.deadlineMs);
  }

  async send(serviceRequest: ServiceRequest, operation: CallBounds): Promise<SentResponse> {
    const headers: Record<string, string> = { [HEADER.accept]: JSON_MEDIA_TYPE, ...serviceRequest.headers };
    let body: string | undefined;
    if (serviceRequest.body !== undefined) {
      body = JSON.stringify(serviceRequest.body);
      headers[HEADER.contentType] = JSON_MEDIA_TYPE;
    }
    const retries = serviceRequest.idempotent ? this.settings.maxRetries : 0;
    let unansweredAttempts = 0;
    for (let attempt = 0; ; attempt++) {
      const timeoutMs = operation.requestTimeout(this.settings.timeoutMs);
      const request: TransportRequest = {
        method: serviceRequest.method,
        url: serviceRequest.url,
        headers,
        body,
        timeoutMs,
        maxBodyBytes: MAX_ANSWER_BYTES,
      };
      if (operation.signal !== undefined) request.signal = operation.signal;
      this.log.sending(serviceRequest, attempt);
      const sentAt = this.now();
      let response: TransportResponse;
      try {
        response = await operation.guard(this.transport(request));
      } catch (error) {
        const failure = this.unanswered(error, serviceRequest, operation, timeoutMs);
        if (attempt >= retries || !failure.retryable) {
          this.log.failed(serviceRequest, failure.message);
          throw failure;
        }
        unansweredAttempts++;
        const wait = this.backoff(attempt);
        this.log.retrying(serviceRequest, `got no answer (${failure.message})`, wait, attempt + 1);
        await operation.wait(wait, this.sleep, retryPastDeadlineReason(wait));
        continue;
      }
      this.log.answered(serviceRequest, response.status, this.now() - sentAt);
      if (isRedirect(response.status)) throw redirectFailure(response.status);
      const wait = this.retryDelay(response, attempt);
      if (wait === undefined || attempt >= retries) {
        operation.answered(response);
        return { ...response, unansweredAttempts };
      }
      this.log.retrying(serviceRequest, `answered ${response.status}`, wait, attempt + 1);
      await operation.wait(wait, this.sleep, retryPastDeadlineReason(wait, response.status));
    }
  }

  /** What a request that got no answer ends in: CANCELLED, DEADLINE, or the transport's failure in core's words. */
  private unanswered(error: unknown, request: ServiceRequest, operation: CallBounds, timeoutMs: number): ScreenRecError {
    if (operation.signal?.aborted) return operation.cancelled();
    if (timeoutMs < this.settings.timeoutMs && operation.expired()) return operation.deadlineError();
    return asScreenRecError(error, request.secret);
  }

  /** How long to wait before retrying this answer, or undefined when it is final. */
  private retryDelay(response: TransportResponse, attempt: number): number | undefined {
    if (response.status === 429) {
      const retryAfter = parseRetryAfter(response.headers[HEADER.retryAfter], this.now);
      if (retryAfter === undefined) return this.backoff(attempt);
      return retryAfter <= this.settings.maxRetryAfterMs ? retryAfter : undefined;
    }
    return response.status >= 500 ? this.backoff(attempt) : undefined;
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(MAX_BACKOFF_MS, this.settings.retryBaseDelayMs * 2 ** attempt);
    return Math.round(ceiling * (0.5 + Math.random() * 0.5));
  }
}

const LogLevelOption = z.enum(LOG_LEVELS).optional();

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
