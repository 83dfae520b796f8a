import type { BoundedCall } from 'screenrec';

/**
 * One tool call's bounds, handed to core for every request the call makes: the client's cancellation (the
 * request's abort signal) and a deadline. Core ends the call with CANCELLED or DEADLINE and its own message, and
 * nothing of the call runs past the deadline outside core (wait_for_recording sleeps with core's sleep, within it).
 */
export function callOptionsFor(signal: AbortSignal, timeoutMs: number, now = Date.now()): BoundedCall {
  return { signal, deadline: now + timeoutMs, budgetMs: timeoutMs };
}
