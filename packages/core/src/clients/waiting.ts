import { DeadlineError } from '../errors/error-classes.js';
import { sleep } from '../transport/node-sleep.js';
import type { BoundedCall } from '../transport/call-bounds.js';
import type { Recording } from '../wire/schemas.js';

/**
 * How a wait paces its checks: the first again after `firstDelayMs`, each next one twice as long after the one
 * before, never more than `maxDelayMs` apart; `reserveMs` before the call's deadline is kept for the last check
 * and the answer (a tenth of the call's time when that is less, for short limits).
 */
export interface WaitPacing {
  firstDelayMs: number;
  maxDelayMs: number;
  reserveMs: number;
}

// A person records, reviews and uploads in minutes, not seconds: a check every 10 s at most is soon enough, and a
// 50 s call makes about eight requests.
export const WAIT_PACING: WaitPacing = { firstDelayMs: 1_000, maxDelayMs: 10_000, reserveMs: 2_000 };

/** Why the wait ended: the recording is done, the caller's own limit, or this call's time limit. */
export type StopReason = 'COMPLETED' | 'MAX_WAIT' | 'TIME_LIMIT';

export interface WaitOutcome {
  /** The newest state read. */
  recording: Recording;
  reason: StopReason;
  /** How many times ScreenRec was asked. */
  checks: number;
  startedAt: number;
  stoppedAt: number;
  /** When `recording` was read (the start of the check that read it). */
  checkedAt: number;
  /** The last check did not finish before the deadline, so `recording` is from the check before. */
  lastCheckLate: boolean;
}

export interface Wait {
  /** One check: the recording's newest state, bounded by the options given. */
  check(call: BoundedCall): Promise<Recording>;
  /** Told after each check (a progress notification); never fails the wait. */
  onCheck(recording: Recording, checks: number): Promise<void>;
  /** The caller's own limit on the wait, if any. */
  maxWaitMs?: number;
  pacing: WaitPacing;
  now?: () => number;
}

/**
 * Checks the recording until it is COMPLETED, until the caller's limit, or until shortly before the call's
 * deadline: that ends with the newest state, not an error. A cancelled call ends at once (CANCELLED from core's
 * sleep or request) and asks nothing more. Any other failure of a check is the call's failure, in core's words.
 */
export async function waitUntilCompleted(wait: Wait, call: BoundedCall): Promise<WaitOutcome> {
  const now = wait.now ?? Date.now;
  const startedAt = now();
  const reserve = Math.min(wait.pacing.reserveMs, (call.deadline - startedAt) / 10);
  const timeLimitEnd = call.deadline - reserve;
  const ownEnd = wait.maxWaitMs === undefined ? Infinity : startedAt + wait.maxWaitMs;
  const end = Math.min(timeLimitEnd, ownEnd);
  const limitReason: StopReason = ownEnd <= timeLimitEnd ? 'MAX_WAIT' : 'TIME_LIMIT';
  // A check the service is slow to answer ends halfway into the reserve, leaving the rest to answer in time.
  const checkCall = { ...call, deadline: call.deadline - reserve / 2 };

  let latest: { recording: Recording; checkedAt: number } | undefined;
  let checks = 0;
  const outcome = (reason: StopReason, lastCheckLate = false): WaitOutcome => ({
    recording: latest!.recording,
    checkedAt: latest!.checkedAt,
    reason,
    checks,
    startedAt,
    stoppedAt: now(),
    lastCheckLate,
  });

  for (let delay = wait.pacing.firstDelayMs; ; delay = Math.min(delay * 2, wait.pacing.maxDelayMs)) {
    const checkedAt = now();
    try {
      const recording = await wait.check(checkCall);
      checks += 1;
      latest = { recording, checkedAt };
    } catch (error) {
      // A last check the service did not answer in time still leaves the state read before it to report.
      if (error instanceof DeadlineError && latest !== undefined) return outcome('TIME_LIMIT', true);
      throw error;
    }
    await wait.onCheck(latest.recording, checks);
    if (latest.recording.status === 'COMPLETED') return outcome('COMPLETED');
    const left = end - now();
    // Too little time for a check worth making: stop rather than ask again at once.
    if (left < wait.pacing.firstDelayMs / 2) return outcome(limitReason);
    // The last check falls at the end of the wait, so the answer is as fresh as the limit allows.
    await sleep(Math.min(delay, left), call.signal);
  }
}
