import { isScreenRecError, type ScreenRecError } from '@screenrec/core';
import type { Bundle, ZObject } from 'zapier-platform-core';

/** Codes after which only new credentials help: Zapier then asks the user to reconnect. */
const RECONNECT_CODES: ReadonlySet<string> = new Set(['FORBIDDEN', 'INTEGRATION_ERROR', 'UNAUTHORIZED']);

/** Core's typed error as the Zapier error class a user (and Zapier's retry logic) should see. */
export function toZapierError(z: ZObject, error: ScreenRecError): Error {
  if (RECONNECT_CODES.has(error.code)) return new z.errors.ExpiredAuthError(error.message);
  if (error.code === 'RATE_LIMITED') {
    const delaySeconds = error.retryAfterMs === undefined ? undefined : Math.ceil(error.retryAfterMs / 1000);
    return new z.errors.ThrottledError(error.message, delaySeconds);
  }
  return new z.errors.Error(error.message, error.code, error.status);
}

/** Wraps a perform function so every ScreenRec failure reaches Zapier as its mapped error. */
export function withZapierErrors<B extends Bundle, R>(
  perform: (z: ZObject, bundle: B) => Promise<R>,
): (z: ZObject, bundle: B) => Promise<R> {
  return async (z, bundle) => {
    try {
      return await perform(z, bundle);
    } catch (error) {
      throw isScreenRecError(error) ? toZapierError(z, error) : error;
    }
  };
}
