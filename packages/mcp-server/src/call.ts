import { DeadlineError, deadlineMessage, type CallOptions } from '@screenrec/core';

/**
 * One tool call's bounds, handed to core for every request the call makes: the client's cancellation (the
 * request's abort signal) and a deadline. Core ends the call with CANCELLED or DEADLINE and its own message.
 */
export function callOptionsFor(signal: AbortSignal, timeoutMs: number, now = Date.now()): Required<CallOptions> {
  return { signal, deadline: now + timeoutMs };
}

/** Core ends at the deadline; this backstop answers only if something did not, a moment later. */
const BACKSTOP_GRACE_MS = 1_000;

/** Runs `work`, and answers DEADLINE shortly after the deadline should anything inside not have ended by then. */
export async function within<T>(call: Required<CallOptions>, budgetMs: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DeadlineError(deadlineMessage('this tool call', budgetMs, 'ask for less at once (a smaller limit, narrower filters)'))),
      Math.max(0, call.deadline - Date.now()) + BACKSTOP_GRACE_MS,
    );
  });
  try {
    return await Promise.race([work(), late]);
  } finally {
    clearTimeout(timer);
  }
}
