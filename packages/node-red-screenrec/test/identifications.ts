import * as videoReady from '../../core/src/clients/video-ready';

export interface Identifications {
  /** How many have started so far. */
  started(): number;
  /**
   * Resolves once every one started so far has ended and the node has done what follows it (sent its message, or
   * logged why not), with how many there were. A Video Ready node starts one for a notification before answering it,
   * so once ScreenRec has its answers this covers all of them: a verdict read then is the same on any machine.
   */
  allEnded(): Promise<number>;
  restore(): void;
}

/**
 * Watches the identifications (core's identifyVideo: the lookup behind each Video Ready message) started from now on,
 * calling the real one. No time is involved: the test waits for the work itself, not for a set delay.
 */
export function watchIdentifications(): Identifications {
  const running: Array<Promise<unknown>> = [];
  const identify = videoReady.identifyVideo;
  const spy = jest.spyOn(videoReady, 'identifyVideo').mockImplementation((...args: Parameters<typeof identify>) => {
    const identification = identify(...args);
    running.push(identification);
    return identification;
  });
  return {
    started: () => running.length,
    allEnded: async () => {
      await Promise.allSettled(running);
      // What the node does with an outcome runs in promise callbacks: all of them have run once a macrotask comes.
      await new Promise((resolve) => setImmediate(resolve));
      return running.length;
    },
    restore: () => spy.mockRestore(),
  };
}
