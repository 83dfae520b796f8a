import { CancelledError, DeadlineError, InvalidInputError } from '../errors/error-classes.js';
import { CANCELLED_MESSAGE, DEADLINE_FORMAT, HINT_CHECK_SERVICE, deadlineMessage, invalidInputMessage } from '../errors/messages.js';

/** What a caller may bound one client operation with. */
export interface CallOptions {
  /** Stop everything this operation does when this fires: CANCELLED. */
  signal?: AbortSignal;
  /** Absolute time (ms since epoch, as Date.now()) by which the whole operation must end: DEADLINE. */
  deadline?: number;
  /** The whole time the caller granted, named in the DEADLINE message; default: from this operation's start to the deadline. */
  budgetMs?: number;
  /**
   * Told the status and headers of each answer the operation takes from the service (a paged list: one a page),
   * for a caller that wants more than the result: a rate limit's headers, say.
   */
  onResponse?: (answer: ServiceAnswer) => void;
}

/** A call with every bound given: a signal, a deadline and the budget it names (what platforms that always have them pass). */
export type BoundedCall = Required<Omit<CallOptions, 'onResponse'>> & Pick<CallOptions, 'onResponse'>;

/** What `onResponse` is told of an answer; header names in lower case. */
export interface ServiceAnswer {
  status: number;
  headers: Readonly<Record<string, string | undefined>>;
}

/** A platform's sleep; it should end early (rejecting) when the signal fires. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** What an operation is doing, in the user's words, for a DEADLINE message. */
export interface CallBoundsLabel {
  /** "listing recordings" */
  doing: string;
  /** What to try when it keeps happening; default: check that the service answers. */
  hint?: string;
}

/**
 * One client operation's shared bounds: every request, retry wait, page and body read of it checks the same
 * signal and deadline. Uses no timer of its own (portable code has none): a request's timeout is cut to the
 * time left, and a wait that would end past the deadline is refused before it starts.
 */
export class CallBounds {
  readonly signal: AbortSignal | undefined;
  readonly deadline: number | undefined;
  private readonly budgetMs: number;
  private readonly onResponse: ((answer: ServiceAnswer) => void) | undefined;

  constructor(
    private readonly label: CallBoundsLabel,
    options: CallOptions | undefined,
    private readonly now: () => number,
    defaultBudgetMs: number | undefined,
  ) {
    const deadline = options?.deadline;
    if (deadline !== undefined && !Number.isFinite(deadline)) {
      throw new InvalidInputError(invalidInputMessage(`\`deadline\`: ${DEADLINE_FORMAT}`), {
        fieldErrors: [{ path: 'deadline', message: DEADLINE_FORMAT }],
      });
    }
    this.signal = options?.signal;
    this.onResponse = options?.onResponse;
    const started = deadline !== undefined || defaultBudgetMs !== undefined ? now() : 0;
    this.deadline = deadline ?? (defaultBudgetMs === undefined ? undefined : started + defaultBudgetMs);
    this.budgetMs = options?.budgetMs ?? (this.deadline === undefined ? 0 : this.deadline - started);
  }

  /** Tells the caller of an answer taken (the final one of a request's attempts). */
  answered({ status, headers }: ServiceAnswer): void {
    this.onResponse?.({ status, headers: { ...headers } });
  }

  /** The time now, on the client's clock. */
  clock(): number {
    return this.now();
  }

  /** Milliseconds until the deadline (Infinity without one); may be negative. */
  timeLeft(): number {
    return this.deadline === undefined ? Infinity : this.deadline - this.now();
  }

  /** Throws CANCELLED when the signal fired, DEADLINE when no time is left: call before starting anything. */
  checkpoint(reason?: string): void {
    if (this.signal?.aborted) throw this.cancelled();
    if (this.timeLeft() <= 0) throw this.deadlineError(reason);
  }

  /** A request's timeout: the client's, cut to the time left. */
  requestTimeout(timeoutMs: number): number {
    this.checkpoint();
    return Math.max(1, Math.min(timeoutMs, Math.floor(this.timeLeft())));
  }

  /** Waits `ms` unless that would end past the deadline (DEADLINE at once) or the signal fires (CANCELLED). */
  async wait(ms: number, sleep: Sleep, reasonIfRefused: string): Promise<void> {
    if (this.signal?.aborted) throw this.cancelled();
    if (ms >= this.timeLeft()) throw this.deadlineError(reasonIfRefused);
    await this.guard(sleep(ms, this.signal));
    this.checkpoint();
  }

  /**
   * The promise's outcome, or CANCELLED as soon as the signal fires even if the promise's maker ignores the
   * signal (a platform transport or sleep may): the operation returns at once, within the current await.
   */
  guard<T>(promise: Promise<T>): Promise<T> {
    const signal = this.signal;
    if (signal === undefined) return promise;
    if (signal.aborted) {
      promise.catch(() => undefined);
      return Promise.reject(this.cancelled());
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(this.cancelled());
      signal.addEventListener('abort', onAbort, { once: true });
      promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  /** True when the deadline has been reached (within a timer's slack). */
  expired(): boolean {
    return this.timeLeft() <= TIMER_SLACK_MS;
  }

  cancelled(): CancelledError {
    return new CancelledError(CANCELLED_MESSAGE);
  }

  deadlineError(reason?: string): DeadlineError {
    return new DeadlineError(deadlineMessage(this.label.doing, Math.max(0, this.budgetMs), this.label.hint ?? HINT_CHECK_SERVICE, reason));
  }
}

/** Timers may fire a few ms before Date.now() reaches their end: a timeout this close to the deadline is the deadline. */
const TIMER_SLACK_MS = 10;
