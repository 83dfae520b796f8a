import type { Transport } from '@screenrec/core';
import type { HttpRequestOptions, ZObject } from 'zapier-platform-core';

/** Zapier reads this flag from the request; its typings do not list it yet. */
type RequestOptions = HttpRequestOptions & { url: string; throwForThrottlingEarly: boolean };

/**
 * Core's Transport over z.request, so every call shows in Zapier's request log with its secrets scrubbed.
 * Statuses are core's to judge: no throw for status, and no early ThrottledError on 429 (core reads Retry-After).
 * A network failure propagates as thrown; core turns it into a NETWORK error.
 */
export function zapierTransport(z: ZObject): Transport {
  return async (request) => {
    const options: RequestOptions = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      timeout: request.timeoutMs,
      skipThrowForStatus: true,
      throwForThrottlingEarly: false,
    };
    const response = await z.request(options);
    const headers: Record<string, string> = {};
    response.headers.forEach((value: string, name: string) => {
      headers[name.toLowerCase()] = value;
    });
    return { status: response.status, headers, body: response.content };
  };
}
