import { CancelledError } from '../errors/error-classes.js';
import { CANCELLED_MESSAGE } from '../errors/messages.js';

/**
 * The default wait between retries (Node only: platforms pass their own, n8n its sleepWithAbort). Ends early with
 * CANCELLED when the signal fires, and leaves no timer or listener behind either way.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CancelledError(CANCELLED_MESSAGE));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CancelledError(CANCELLED_MESSAGE));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
