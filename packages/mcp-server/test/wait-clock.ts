import { CANCELLED_MESSAGE, CancelledError, createFetchTransport, networkFailure, type Transport } from 'screenrec';
import * as nodeSleep from '../../core/src/transport/node-sleep';

/** Far past any test's end (jest stops one after 30 s): a request's real timeout, when its limit is kept on the clock. */
const FAR_MS = 10 * 60_000;

/**
 * The clock wait_for_recording runs on in a test whose verdict follows the time: it stands still but for the wait's
 * own sleeps (core's sleep, between checks), which move it on at once by the time asked, and for the test moving it.
 * The wait, the call's deadline and core's time left read it through Date.now; each request's time limit is kept on
 * it too (`transport`), so an answer from nock takes no time, however slow the machine is. What the call does when
 * is then the same on every run: no real timer races nock, and none of its numbers is the machine's.
 *
 * Install it before the server is made (its REST client reads Date.now's function then) and `restore` it after the
 * server is closed.
 */
export interface WaitClock {
  now(): number;
  /** Moves the clock to the earliest request time limit set on it and fires it: ScreenRec did not answer in time. */
  passNextTimeLimit(): void;
  /** Core's fetch transport, each request ending with a timeout when the clock passes its time limit. */
  transport: Transport;
  restore(): void;
}

export function waitClock(): WaitClock {
  let time = Date.now();
  const limits = new Set<{ at: number; fire: () => void }>();
  const fireUntil = (target: number) => {
    for (;;) {
      const next = [...limits].filter((limit) => limit.at <= target).sort((a, b) => a.at - b.at)[0];
      if (next === undefined) break;
      limits.delete(next);
      time = Math.max(time, next.at);
      next.fire();
    }
    time = Math.max(time, target);
  };
  const clock = jest.spyOn(Date, 'now').mockImplementation(() => time);
  // As core's sleep: CANCELLED when the signal has fired, before or during it.
  const heed = (signal: AbortSignal | undefined) => {
    if (signal?.aborted === true) throw new CancelledError(CANCELLED_MESSAGE);
  };
  const sleep = jest.spyOn(nodeSleep, 'sleep').mockImplementation(async (ms, signal) => {
    heed(signal);
    fireUntil(time + ms);
    // Let everything else due run first, as after a timer.
    await new Promise((resolve) => setImmediate(resolve));
    heed(signal);
  });
  const fetchTransport = createFetchTransport();
  const transport: Transport = (request) =>
    new Promise((resolve, reject) => {
      const stop = new AbortController();
      const limit = {
        at: time + request.timeoutMs,
        fire: () => {
          stop.abort();
          reject(networkFailure(request, { timedOut: true }));
        },
      };
      limits.add(limit);
      const signal = request.signal === undefined ? stop.signal : AbortSignal.any([request.signal, stop.signal]);
      fetchTransport({ ...request, timeoutMs: FAR_MS, signal })
        .then(resolve, reject)
        .finally(() => limits.delete(limit));
    });
  return {
    now: () => time,
    passNextTimeLimit: () => {
      const next = Math.min(...[...limits].map((limit) => limit.at));
      if (!Number.isFinite(next)) throw new Error('no request is waiting for an answer');
      fireUntil(next);
    },
    transport,
    restore: () => {
      clock.mockRestore();
      sleep.mockRestore();
    },
  };
}
