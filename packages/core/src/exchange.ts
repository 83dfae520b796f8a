import { z } from 'zod';
import {
  InvalidInputError,
  NetworkError,
  RateLimitedError,
  ScreenRecError,
  UnexpectedResponseError,
  describeFieldErrors,
} from './errors';
import type { FieldError } from './schemas';
import { createFetchTransport, type HttpMethod, type Transport, type TransportResponse } from './transport';

export interface ClientOptions {
  /** The service's base address, for example https://api.screenrec.example. */
  baseUrl: string;
  transport?: Transport;
  /** Per-request timeout. Default 30 s. */
  timeoutMs?: number;
  /** Retries of idempotent calls after NETWORK, 5xx and 429. Default 3. */
  maxRetries?: number;
  /** First backoff delay; doubled at each retry, with jitter. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** Longest Retry-After we wait for before giving up with RATE_LIMITED. Default 60 s. */
  maxRetryAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
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

/** One request path for both interfaces: the transport, timeouts, retries with backoff and Retry-After. */
export class Exchange {
  readonly baseUrl: string;
  private readonly transport: Transport;
  private readonly settings: typeof DEFAULTS;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: ClientOptions) {
    this.baseUrl = normalizeBaseUrl(options.baseUrl);
    this.transport = options.transport ?? createFetchTransport();
    this.settings = {
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
      maxRetries: options.maxRetries ?? DEFAULTS.maxRetries,
      retryBaseDelayMs: options.retryBaseDelayMs ?? DEFAULTS.retryBaseDelayMs,
      maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs,
    };
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  async send(call: Call): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
    let body: string | undefined;
    if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    }
    const retries = call.idempotent ? this.settings.maxRetries : 0;
    for (let attempt = 0; ; attempt++) {
      let answer: Answer;
      try {
        const response = await this.transport({
          method: call.method,
          url: call.url,
          headers,
          body,
          timeoutMs: this.settings.timeoutMs,
        });
        answer = { status: response.status, headers: response.headers, text: response.body };
      } catch (error) {
        const failure = asNetworkError(error, call.secret);
        if (attempt >= retries) throw failure;
        await this.sleep(this.backoff(attempt));
        continue;
      }
      const wait = this.retryDelay(answer, attempt);
      if (wait === undefined || attempt >= retries) return answer;
      await this.sleep(wait);
    }
  }

  /** How long to wait before retrying this answer, or undefined when it is final. */
  private retryDelay(answer: Answer, attempt: number): number | undefined {
    if (answer.status === 429) {
      const retryAfter = parseRetryAfter(answer.headers['retry-after']);
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

export function parseRetryAfter(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export function rateLimitedError(answer: Answer): RateLimitedError {
  const retryAfterMs = parseRetryAfter(answer.headers['retry-after']);
  const when = retryAfterMs === undefined ? 'a moment' : `${Math.ceil(retryAfterMs / 1000)} s`;
  return new RateLimitedError(`ScreenRec is receiving too many requests. Wait ${when} and try again.`, {
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
  throw new UnexpectedResponseError(
    `ScreenRec answered in a form this connector does not understand (HTTP ${answer.status}: ${describeFieldErrors(fieldErrorsOf(result.error))}). Check that the Service URL points at ScreenRec.`,
    { status: answer.status },
  );
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
  return new InvalidInputError(`Invalid input: ${describeFieldErrors(fieldErrors)}. Nothing was sent to ScreenRec.`, {
    fieldErrors,
  });
}

export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : issue.message,
  }));
}

function normalizeBaseUrl(value: string): string {
  const url = validateInput(z.url({ protocol: /^https?$/, error: 'must be a full URL such as https://api.screenrec.example' }), value.trim(), () => 'baseUrl');
  return url.replace(/\/+$/, '');
}

function asNetworkError(error: unknown, secret: string): ScreenRecError {
  if (error instanceof ScreenRecError) return error;
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  const reason = typeof message === 'string' ? message : String(error);
  const scrubbed = secret === '' ? reason : reason.split(secret).join('[redacted]');
  return new NetworkError(`Could not reach ScreenRec (${scrubbed}). Check the Service URL and try again.`);
}
