import type * as SleepModule from '../../packages/n8n-nodes-screenrec/lib/sleep';

/**
 * The node's lib/sleep for `jest.mock`, with the wait core is given between retries (connection.ts hands it
 * n8nSleep) ending at once; core's own tests prove its pacing. A suite whose verdict follows a few retries uses it:
 *
 *   jest.mock('../../packages/n8n-nodes-screenrec/lib/sleep', () =>
 *     jest.requireActual<typeof import('./retry-waits')>('./retry-waits').sleepWithRetryWaitsPassed(),
 *   );
 *
 * No clock is faked, so the verdict cannot depend on how fast the machine is: those waits are the only time the work
 * spends that nock's answers do not decide, and they take none. Every request keeps its real time limit (30 s, or
 * the node's Timeout): timeBound calls the module's own n8nSleep, not this one. A fake clock moved on in steps while
 * nock answers in real time would race the answers: with a slow one, the clock passes a request's limit and the
 * request fails. Real waits (up to 3.5 s for three retries) would race jest's 5 s limit for a test.
 */
export function sleepWithRetryWaitsPassed(): typeof SleepModule {
  const actual = jest.requireActual<typeof SleepModule>('../../packages/n8n-nodes-screenrec/lib/sleep');
  const n8nSleep: typeof actual.n8nSleep = async (_ms, signal) => signal?.throwIfAborted();
  return { ...actual, n8nSleep };
}
