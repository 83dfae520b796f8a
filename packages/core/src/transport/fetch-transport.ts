import { CancelledError, ScreenRecError } from '../errors/error-classes.js';
import { CANCELLED_MESSAGE } from '../errors/messages.js';
import { networkFailure, proxyFailure, responseTooLarge } from '../errors/failure-table.js';
import { proxyRouter, type FetchRoute } from './node-proxy.js';
import { decodeChunks } from './read-body-capped.js';
import type { Transport, TransportRequest, TransportResponse } from './transport.js';
import { USER_AGENT } from './user-agent.js';

export interface FetchTransportOptions {
  /**
   * An undici dispatcher (ProxyAgent, EnvHttpProxyAgent, an Agent with its own TLS settings…) passed to fetch on
   * every request; one of the same undici as the fetch it is given to. With one, core reads no proxy variable.
   */
  dispatcher?: object;
}

/**
 * The default transport, on the runtime's fetch (the portable entry does not reach this file: platforms bring their own).
 * Node's fetch keeps connections alive and reuses them, so sequential calls to one service share a socket.
 * Redirects are returned, not followed: following one would send the credential header (and, on 307/308, the
 * body) to whatever origin the Location names.
 *
 * Without a fetch or a dispatcher given, a request on Node goes through the proxy that HTTPS_PROXY or HTTP_PROXY
 * named when the transport was made, unless NO_PROXY bypasses it (node-proxy.ts), and a proxy that fails is named
 * in the error.
 */
export function createFetchTransport(fetchImpl?: typeof fetch, options: FetchTransportOptions = {}): Transport {
  const { dispatcher } = options;
  const given = fetchImpl !== undefined || dispatcher !== undefined;
  const router = given ? undefined : proxyRouter();
  // A browser sets its own, and a page's request naming one of its own would need a CORS preflight.
  const userAgent: Record<string, string> = 'document' in globalThis ? {} : { 'user-agent': USER_AGENT };
  return async (request) => {
    const route: FetchRoute =
      router === undefined
        ? { fetchImpl: fetchImpl ?? globalThis.fetch, ...(dispatcher === undefined ? {} : { dispatcher }) }
        : await router(request.url);
    const abort = requestAbort(request);
    try {
      return await exchange(route, { ...request, headers: { ...userAgent, ...request.headers } }, abort.signal);
    } finally {
      abort.release();
    }
  };
}

/**
 * The request's timeout and the caller's signal as one signal; `release` (when the request ends) clears the timer
 * and the listener, `abort` drops an answer read no further. Not AbortSignal.any([signal, AbortSignal.timeout()]):
 * on Node 22 that timer outlives the request and holds it (and what the caller's signal reaches) until it fires,
 * so steady traffic keeps every request of the last timeout window in memory, about 2 kB each
 * (packages/core/test/request-leftovers.tools.test.ts). Platform transports over their own HTTP client use it too.
 */
export function requestAbort(request: Pick<TransportRequest, 'timeoutMs' | 'signal'>): {
  signal: AbortSignal;
  abort: () => void;
  release: () => void;
} {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The request timed out', 'TimeoutError')), request.timeoutMs);
  const caller = request.signal;
  const follow = () => controller.abort(caller?.reason);
  if (caller?.aborted === true) follow();
  else caller?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    abort: () => controller.abort(),
    release: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', follow);
    },
  };
}

async function exchange(route: FetchRoute, request: TransportRequest, signal: AbortSignal): Promise<TransportResponse> {
  let response: Response;
  try {
    const init = {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal,
      ...(route.dispatcher === undefined ? {} : { dispatcher: route.dispatcher }),
    };
    // `dispatcher` is undici's option, typed by @types/node as its Dispatcher; core takes it as given.
    // Called bare, as `fetch(…)`: a browser's and workerd's fetch refuse any `this` but the global (Illegal invocation).
    const { fetchImpl } = route;
    response = await fetchImpl(request.url, init as RequestInit);
  } catch (error) {
    throw networkErrorFor(request, error, route);
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  let body = '';
  try {
    const declared = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
    if (declared !== undefined && declared > request.maxBodyBytes) throw responseTooLarge(request);
    // A declared length bounds a plain body (the parser reads that many bytes, no more), so it can be read whole,
    // which is cheaper for the small answers of every call. A chunked or compressed body (fetch inflates it:
    // a few kB may become gigabytes) is streamed and cut at the cap.
    if (isPlainLength(headers, declared)) body = await response.text();
    else if (response.body !== null) body = await readStreamCapped(response.body, request);
  } catch (error) {
    // Whatever stopped the read, the rest of the body is not wanted: release the connection (a stream
    // being read was already cancelled through its reader; this covers one refused before reading).
    if (response.body?.locked === false) await response.body.cancel().catch(() => undefined);
    throw error instanceof ScreenRecError ? error : networkErrorFor(request, error, route);
  }
  return { status: response.status, headers, body };
}

/**
 * readBodyCapped for a web stream, on its reader: as cheap as response.text() for the small chunked answers of every
 * call, and stops at the cap.
 */
async function readStreamCapped(stream: ReadableStream<Uint8Array>, request: TransportRequest): Promise<string> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > request.maxBodyBytes) throw responseTooLarge(request);
      parts.push(value);
    }
  } catch (error) {
    // The rest is not wanted: cancelling the stream closes the connection instead of draining it.
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  return decodeChunks(parts, bytes);
}

function isPlainLength(headers: Record<string, string>, declared: number | undefined): boolean {
  const encoding = headers['content-encoding'];
  return (
    declared !== undefined &&
    Number.isInteger(declared) &&
    declared >= 0 &&
    headers['transfer-encoding'] === undefined &&
    (encoding === undefined || encoding === 'identity')
  );
}

function networkErrorFor(request: TransportRequest, error: unknown, route: FetchRoute): ScreenRecError {
  if (request.signal?.aborted) return new CancelledError(CANCELLED_MESSAGE);
  const { name } = errorFields(error);
  const failure = { timedOut: name === 'TimeoutError' || name === 'AbortError', reason: describeCause(error) };
  if (route.proxy === undefined) return networkFailure(request, failure);
  return proxyFailure(request, route.proxy, { ...failure, ...proxyAnswerStatus(error) });
}

/**
 * The status a proxy answered CONNECT with, which undici (and so Node's fetch) keeps only in the text of an error
 * deep in the cause chain ("Proxy response (407) !== 200 when HTTP Tunneling"): the outer errors say "fetch failed"
 * and "Request was cancelled".
 */
function proxyAnswerStatus(error: unknown): { status?: number } {
  for (let cause = error, depth = 0; cause !== undefined && depth < 5; cause = errorFields(cause).cause, depth++) {
    const status = /Proxy response \((\d{3})\)/.exec(errorFields(cause).message ?? '')?.[1];
    if (status !== undefined) return { status: Number(status) };
  }
  return {};
}

/** The low-level reason (ECONNREFUSED, ENOTFOUND…) without anything of the request. */
function describeCause(error: unknown): string {
  const outer = errorFields(error);
  const inner = errorFields(outer.cause);
  return inner.code ?? outer.code ?? inner.message ?? outer.message ?? 'network failure';
}

// Duck-typed on purpose: fetch's errors may come from another realm (a test sandbox), where instanceof fails.
function errorFields(error: unknown): { name?: string; code?: string; message?: string; cause?: unknown } {
  if (typeof error !== 'object' || error === null) return {};
  const { name, code, message, cause } = error as Record<string, unknown>;
  return {
    ...(typeof name === 'string' ? { name } : {}),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof message === 'string' ? { message } : {}),
    cause,
  };
}
