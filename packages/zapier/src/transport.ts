import { MAX_ANSWER_BYTES, networkFailure, requestAbort, responseTooLarge, type Transport, type TransportRequest } from 'screenrec';
import type { HttpRequestOptions, ZObject } from 'zapier-platform-core';

/** Zapier passes these on to node-fetch; its typings do not list them all. */
type RequestOptions = HttpRequestOptions & {
  url: string;
  throwForThrottlingEarly: boolean;
  redirect: 'manual';
  size: number;
  signal: AbortSignal;
};

/**
 * Core's Transport over z.request, so every call shows in Zapier's request log with its secrets scrubbed.
 * Statuses are core's to judge: no throw for status, no early ThrottledError on 429 (core reads Retry-After), and
 * no redirect followed (a 3xx goes back to core as it is, so no credential is re-sent elsewhere). The body read
 * stops past the cap. The request's timeout (core cuts it to the step's deadline) aborts the request, body read
 * included, as a signal released when the request ends: node-fetch's own `timeout` leaves its timer running when a
 * read fails (an answer past the cap), which kept a finished test run (and a Zapier runtime) alive.
 */
export function zapierTransport(z: ZObject): Transport {
  return async (request) => {
    const abort = requestAbort(request);
    const options: RequestOptions = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      skipThrowForStatus: true,
      throwForThrottlingEarly: false,
      redirect: 'manual',
      size: request.maxBodyBytes > 0 ? request.maxBodyBytes : MAX_ANSWER_BYTES,
      signal: abort.signal,
    };
    try {
      const response = await z.request(options);
      const headers: Record<string, string> = {};
      response.headers.forEach((value: string, name: string) => {
        headers[name.toLowerCase()] = value;
      });
      return { status: response.status, headers, body: response.content };
    } catch (error) {
      const failure = abort.signal.aborted ? networkFailure(request, { timedOut: true }) : transportFailure(request, error);
      abort.abort(); // an answer read no further (past the cap) is dropped with its socket
      throw failure;
    } finally {
      abort.release();
    }
  };
}

function transportFailure(request: TransportRequest, error: unknown): Error {
  const { type, code } = (typeof error === 'object' && error !== null ? error : {}) as { type?: unknown; code?: unknown };
  if (type === 'max-size') return responseTooLarge(request);
  return networkFailure(request, { timedOut: false, reason: typeof code === 'string' ? code : 'network failure' });
}
