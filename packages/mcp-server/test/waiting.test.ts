import { DeadlineError, waitUntilCompleted, type Recording, type WaitPacing } from 'screenrec';
import { callOptionsFor } from '../src/call';
import { RECORDING_ID, recording } from './harness';

const QUICK: WaitPacing = { firstDelayMs: 10, maxDelayMs: 10, reserveMs: 2_000 };
const state = (status: string) => ({ ...recording, status }) as Recording;

describe('waiting for a recording', () => {
  it('reports the state read before a last check the service did not answer in time, as the time limit', async () => {
    const answers: Array<() => Promise<Recording>> = [async () => state('REVIEWING'), () => Promise.reject(new DeadlineError('too slow'))];
    const outcome = await waitUntilCompleted(
      { check: () => answers.shift()!(), onCheck: () => Promise.resolve(), pacing: QUICK },
      callOptionsFor(new AbortController().signal, 30_000),
    );
    expect(outcome).toMatchObject({
      recording: { id: RECORDING_ID, status: 'REVIEWING' },
      reason: 'TIME_LIMIT',
      checks: 1,
      lastCheckLate: true,
    });
  });

  it('fails with the DEADLINE of a first check: there is no state to report', async () => {
    const late = new DeadlineError('too slow');
    const waiting = waitUntilCompleted(
      { check: () => Promise.reject(late), onCheck: () => Promise.resolve(), pacing: QUICK },
      callOptionsFor(new AbortController().signal, 30_000),
    );
    await expect(waiting).rejects.toBe(late);
  });
});
