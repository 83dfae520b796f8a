import { CancelledError, InvalidInputError, invalidInputMessage } from 'screenrec';

/**
 * The work a node has under way, one AbortController per message, so that closing the node (redeploy, stop) cancels
 * every request and wait at once and leaves nothing running.
 */
export class InFlight {
  private readonly controllers = new Set<AbortController>();

  get size(): number {
    return this.controllers.size;
  }

  /** Runs `work` with a signal that fires when the node closes; resolves to undefined when it was cancelled so. */
  async run<T>(work: (signal: AbortSignal) => Promise<T>): Promise<{ value: T } | undefined> {
    const controller = new AbortController();
    this.controllers.add(controller);
    try {
      return { value: await work(controller.signal) };
    } catch (error) {
      if (controller.signal.aborted && error instanceof CancelledError) return undefined;
      throw error;
    } finally {
      this.controllers.delete(controller);
    }
  }

  abortAll(): void {
    for (const controller of this.controllers) controller.abort();
    this.controllers.clear();
  }
}

/** The node has no connection chosen, or the chosen one is not deployed: nothing was sent. */
export function noConnectionError(): InvalidInputError {
  return new InvalidInputError(invalidInputMessage('`Connection`: choose a ScreenRec connection in the node'), {
    fieldErrors: [{ path: 'connection', message: 'is not set' }],
  });
}

/** A number from the editor (a timeout, a time limit), or the default when it is not a positive number. */
export function positiveNumberOf(value: unknown, fallback: number): number {
  const seconds = typeof value === 'string' ? Number(value) : value;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : fallback;
}

/** What a status shows of a failure: its code when it is ScreenRec's, else that it failed. */
export function failureCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : 'error';
}

/** What a rejection is as an Error, for done() and the log (a non-Error thrown is written out). */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
