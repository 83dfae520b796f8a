import { quoteServiceText } from '../errors/messages.js';
import type { HttpMethod } from '../wire/protocol.js';

/** How much the client tells its logger: each level includes the ones before it. */
export const LOG_LEVELS = ['off', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where log lines go; `console` is one. Each line is one string, and never holds a secret of the client's. */
export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

/** A request as its log lines name it: the method and the path, never the query string or a header. */
interface Logged {
  method: HttpMethod;
  url: string;
  secret: string;
}

/**
 * The lines one client writes: every request and answer at `debug`, each retry at `warn`, a final refusal at `info`,
 * a request that got no answer at `error`. The credential is scrubbed from every line, in case a caller put it in a
 * path.
 */
export class RequestLog {
  private readonly rank: number;

  constructor(
    private readonly logger: Logger | undefined,
    level: LogLevel,
  ) {
    this.rank = logger === undefined ? 0 : LOG_LEVELS.indexOf(level);
  }

  sending(request: Logged, attempt: number): void {
    if (this.enabled('debug')) this.write('debug', request, `${target(request)} sent${attempt > 0 ? ` (retry ${attempt})` : ''}`);
  }

  answered(request: Logged, status: number, tookMs: number): void {
    const level = status >= 400 ? 'info' : 'debug';
    if (this.enabled(level)) this.write(level, request, `${target(request)} answered ${status} in ${Math.round(tookMs)} ms`);
  }

  retrying(request: Logged, why: string, waitMs: number, attempt: number): void {
    if (this.enabled('warn')) this.write('warn', request, `${target(request)} ${why}: retry ${attempt} in ${Math.round(waitMs)} ms`);
  }

  failed(request: Logged, message: string): void {
    if (this.enabled('error')) this.write('error', request, `${target(request)} failed: ${message}`);
  }

  // Checked before a line is built: with logging off, a request costs nothing more.
  private enabled(level: Exclude<LogLevel, 'off'>): boolean {
    return LOG_LEVELS.indexOf(level) <= this.rank;
  }

  private write(level: Exclude<LogLevel, 'off'>, request: Logged, line: string): void {
    this.logger?.[level](`screenrec: ${quoteServiceText(line, [request.secret])}`);
  }
}

function target({ method, url }: Logged): string {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // not a URL: shown as given
  }
  return `${method} ${path}`;
}
