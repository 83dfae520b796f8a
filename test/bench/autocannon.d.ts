// The part of autocannon's API the benchmarks and the load suite (test/load) use (the package ships no types).
declare module 'autocannon' {
  interface SentRequest {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called with each answer to this request (its whole body as text), before the next request is sent. */
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>) => void;
  }
  interface Options {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    /** Requests in all, spread over the connections; when set, duration is ignored. */
    amount?: number;
    /** Seconds an answer may take before the request counts as a timeout (default 10). */
    timeout?: number;
    /** Errors (timeouts included) after which the run stops. */
    bailout?: number;
    /** What each connection sends, in turn; each entry's fields override the options'. */
    requests?: SentRequest[];
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    /** Milliseconds. */
    latency: Histogram;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Answers per status code: `{ "201": { count: 2000 } }`. */
    statusCodeStats: Record<string, { count: number }>;
  }
  /** A run under way: awaited, its result; `stop()` ends it early (the result then covers what was answered). */
  interface Run extends PromiseLike<Result> {
    stop(): void;
  }
  function autocannon(options: Options): Run;
  export = autocannon;
}
