import { NetworkError } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface TransportRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  /** Already serialized JSON, when there is a body. */
  body?: string;
  timeoutMs: number;
}

export interface TransportResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  /** The raw body text ('' when empty); core parses it. */
  body: string;
}

/**
 * The only way core reaches the network. Platform packages adapt their own HTTP helpers to it
 * (z.request, n8n's httpRequestWithAuthentication); a transport answers every HTTP status and throws
 * only when no answer came (network failure, timeout).
 */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/**
 * The default transport, on the runtime's fetch. Node's fetch keeps connections alive and reuses them,
 * so sequential calls to one service share a socket.
 */
export function createFetchTransport(fetchImpl: typeof fetch = globalThis.fetch): Transport {
  return async (request) => {
    let response: Response;
    try {
      response = await fetchImpl(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(request.timeoutMs),
      });
    } catch (error) {
      throw networkErrorFor(request, error);
    }
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    let body: string;
    try {
      body = await response.text();
    } catch (error) {
      throw networkErrorFor(request, error);
    }
    return { status: response.status, headers, body };
  };
}

function networkErrorFor(request: TransportRequest, error: unknown): NetworkError {
  const { name } = errorFields(error);
  return networkFailure(request, { timedOut: name === 'TimeoutError' || name === 'AbortError', reason: describeCause(error) });
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
  if (failure.timedOut) {
    return new NetworkError(
      `ScreenRec at ${origin} did not answer within ${request.timeoutMs / 1000} s. Try again later; if it keeps happening, check the Service URL.`,
    );
  }
  return new NetworkError(
    `Could not reach ScreenRec at ${origin} (${failure.reason ?? 'network failure'}). Check the Service URL and that the service is running.`,
  );
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
