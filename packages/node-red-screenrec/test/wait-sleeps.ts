import { CANCELLED_MESSAGE, CancelledError } from 'screenrec';
import * as nodeSleep from '../../core/src/transport/node-sleep';

export interface HeldSleep {
  ms: number;
  signal: AbortSignal | undefined;
  /** Ended by its signal (CANCELLED, as core's sleep ends then). */
  cancelled: boolean;
}

export interface HeldSleeps {
  /** Resolves once `count` sleeps are held (at once if they are), with every one held so far. */
  held(count: number): Promise<HeldSleep[]>;
  /** The held sleeps their signal has not ended: what would still be pending. */
  pending(): HeldSleep[];
  /** Ends every pending sleep as if its time had passed: each wait makes its next check. */
  wake(): void;
  restore(): void;
}

/**
 * Holds every sleep of core's from now on (a wait's pause before its next check: core's waitUntilCompleted sleeps with
 * it) until its signal fires, when it ends with CANCELLED as core's own does. A test then knows where each wait is
 * without a set delay: paused after a check, with no request under way. No time passes, so none can run short.
 */
export function holdSleeps(): HeldSleeps {
  const all: HeldSleep[] = [];
  const wakers = new Map<HeldSleep, () => void>();
  const watchers = new Set<() => void>();
  const spy = jest.spyOn(nodeSleep, 'sleep').mockImplementation(
    (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        const sleep: HeldSleep = { ms, signal, cancelled: false };
        all.push(sleep);
        const cancel = () => {
          sleep.cancelled = true;
          wakers.delete(sleep);
          reject(new CancelledError(CANCELLED_MESSAGE));
        };
        wakers.set(sleep, () => {
          wakers.delete(sleep);
          signal?.removeEventListener('abort', cancel);
          resolve();
        });
        if (signal?.aborted === true) cancel();
        else signal?.addEventListener('abort', cancel, { once: true });
        for (const watcher of watchers) watcher();
      }),
  );
  return {
    held: (count) =>
      new Promise((resolve) => {
        const watcher = () => {
          if (all.length < count) return;
          watchers.delete(watcher);
          resolve([...all]);
        };
        watchers.add(watcher);
        watcher();
      }),
    pending: () => all.filter((sleep) => !sleep.cancelled && wakers.has(sleep)),
    wake: () => {
      for (const wake of [...wakers.values()]) wake();
    },
    restore: () => spy.mockRestore(),
  };
}
