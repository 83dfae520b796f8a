import { AsyncLocalStorage, createHook } from 'node:async_hooks';

/** What Node keeps on a timer (node:internal/timers): how long it was set for, and whether it is done. */
interface NodeTimer {
  /** The milliseconds it was set for (-1 once cleared). */
  _idleTimeout: number;
  /** True once it has fired (a timeout, not an interval) or was cleared. */
  _destroyed: boolean;
  hasRef(): boolean;
}

/**
 * Runs `work` and gives, with its outcome, the timers it started (itself, or anything it set going: the async context
 * is followed) that are still set to fire and keep Node running once it has settled, each as the milliseconds it was
 * set for. Read at that moment, with no waiting: the answer is the same however fast the machine is. Timers the rest
 * of the process starts meanwhile (jest's reporter runs in this process too) are not counted.
 */
export async function timersLeftBy<T>(work: () => Promise<T>): Promise<{ outcome: T; timersLeft: number[] }> {
  const within = new AsyncLocalStorage<true>();
  const started: Array<{ timer: NodeTimer; ms: number }> = [];
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type !== 'Timeout' || within.getStore() !== true) return;
      const timer = resource as NodeTimer;
      started.push({ timer, ms: timer._idleTimeout });
    },
  });
  hook.enable();
  try {
    const outcome = await within.run(true, work);
    const timersLeft = started.filter(({ timer }) => !timer._destroyed && timer.hasRef()).map(({ ms }) => ms);
    return { outcome, timersLeft };
  } finally {
    hook.disable();
  }
}
