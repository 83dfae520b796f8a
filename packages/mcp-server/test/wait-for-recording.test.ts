import { NOT_FOUND_RECORDING, invalidInputMessage } from 'screenrec';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import type { WaitPacing } from 'screenrec';
import { useNock } from '@screenrec/test-support/nock';
import {
  RECORDING_ID,
  REST_ENV,
  callTool,
  connectClient,
  httpClient,
  recording,
  restPath,
  restScope,
  textOf,
  type HttpEra,
} from './harness';
import { waitClock } from './wait-clock';

useNock();

/** Checks milliseconds apart, so that several fit in a test; the reserve before the deadline as the server keeps it. */
const QUICK: WaitPacing = { firstDelayMs: 20, maxDelayMs: 40, reserveMs: 2_000 };
const SHORT_ID = RECORDING_ID.slice(0, 8);
const AGAIN = 'Call wait_for_recording again to keep waiting, or check later with get_recording.';

/** The one request a check sends: the recording listed by its ID. */
const check = () => restScope().post(restPath('/recordings/list'), { ids: [RECORDING_ID], pageSize: 1 });
const page = (status: string) => ({ content: [{ ...recording, status }], totalElements: 1, totalPages: 1 });
/** Answers every check with `status`, noting when each came (on the wait's clock, where a test installs one). */
function everyCheck(status: string): { count: () => number; times: number[] } {
  const times: number[] = [];
  check()
    .reply(() => (times.push(Date.now()), [200, page(status)]))
    .persist();
  return { count: () => times.length, times };
}

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

/**
 * The whole answer of a wait that ended with the recording at `status` (completed only when COMPLETED), stopped as
 * `stopped` says, at some time after some seconds.
 */
function waitAnswer(status: string, stopped: { reason: string; checks: unknown; message: string }) {
  return {
    recordingId: RECORDING_ID,
    completed: status === 'COMPLETED',
    recording: { ...recording, status },
    checkedAt: ISO,
    stoppedWaiting: { ...stopped, at: ISO, waitedSeconds: expect.any(Number) },
  };
}

interface Progress {
  progress: number;
  message?: string;
}

describe('wait_for_recording', () => {
  it('checks until the recording is COMPLETED, with a progress notification naming each status in order', async () => {
    check().reply(200, page('NEW'));
    check().reply(200, page('REVIEWING'));
    check().reply(200, page('COMPLETED'));
    const { client, close } = await connectClient(REST_ENV, undefined, QUICK);
    try {
      const progress: Progress[] = [];
      const result = await client.callTool({ name: 'wait_for_recording', arguments: { recordingId: RECORDING_ID } }, undefined, {
        onprogress: (note) => progress.push(note),
      });
      expect(progress).toEqual([
        { progress: 1, message: `Recording ${SHORT_ID}: New (check 1)` },
        { progress: 2, message: `Recording ${SHORT_ID}: Reviewing (check 2)` },
        { progress: 3, message: `Recording ${SHORT_ID}: Completed (check 3)` },
      ]);
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toEqual(
        waitAnswer('COMPLETED', { reason: 'COMPLETED', checks: 3, message: 'Its video is ready: get_video_url gives a link to it.' }),
      );
      expect(textOf(result as Parameters<typeof textOf>[0])).toMatch(
        new RegExp(
          `^Completed after [\\d.]+ s of waiting \\(3 checks\\): recording ${RECORDING_ID}: COMPLETED, REQUEST, .*\\. Its video is ready: get_video_url gives a link to it\\.$`,
        ),
      );
    } finally {
      await close();
    }
  });

  it('answers a recording already COMPLETED after one check, without waiting or asking for progress', async () => {
    check().reply(200, page('COMPLETED'));
    // On the wait's clock, which moves only when the wait sleeps: a sleep of the default pacing (1 s before a check)
    // would show, the machine's own time never does.
    const clock = waitClock();
    const { client, close } = await connectClient(REST_ENV, undefined, undefined, { transport: clock.transport });
    try {
      const started = Date.now();
      const result = await callTool(client, 'wait_for_recording', { recordingId: RECORDING_ID });
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(result.structuredContent).toMatchObject({
        completed: true,
        // One check and no sleep before it.
        stoppedWaiting: { reason: 'COMPLETED', checks: 1 },
      });
    } finally {
      await close();
      clock.restore();
    }
  });

  it("stops before the call's time limit with the latest state, completed: false, and says why and what next", async () => {
    const checks = everyCheck('RECORDING');
    // On the wait's clock: the checks' times and the call's length are the wait's own, not the machine's, and nock's
    // answers take no time on it, so the last check is never late.
    const clock = waitClock();
    const { client, close, logs } = await connectClient({ ...REST_ENV, SCREENREC_TOOL_TIMEOUT_SECONDS: '2' }, undefined, QUICK, {
      transport: clock.transport,
    });
    try {
      const started = Date.now();
      const result = await callTool(client, 'wait_for_recording', { recordingId: RECORDING_ID, maxWaitSeconds: 300 });
      const took = Date.now() - started;
      // A tenth of the call's 2 s is kept for the last check and the answer.
      expect([took >= 1_750, took < 2_000]).toEqual([true, true]);
      const limit = "Stopped before this server's limit of 2 s for one tool call (you asked for 300 s) (SCREENREC_TOOL_TIMEOUT_SECONDS).";
      const stopped = (result.structuredContent as { stoppedWaiting: { message: string; checks: number } }).stoppedWaiting;
      expect(stopped.message).toBe(`${limit} ${AGAIN}`);
      expect(result.structuredContent).toEqual(
        waitAnswer('RECORDING', { reason: 'TIME_LIMIT', checks: expect.any(Number), message: stopped.message }),
      );
      expect(stopped).toMatchObject({ checks: checks.count() });
      expect(checks.count()).toBeGreaterThanOrEqual(5);
      const waited = `[\\d.]+ s of waiting \\(${stopped.checks} checks\\)`;
      expect(textOf(result)).toMatch(
        new RegExp(`^Not completed yet after ${waited}: recording ${RECORDING_ID}: RECORDING, .*\\. ${escape(stopped.message)}$`),
      );
      expect(logs).toEqual([expect.stringMatching(/^wait_for_recording: ok in \d+ ms$/)]);
    } finally {
      await close();
      clock.restore();
    }
  });

  it('reports the state read before, when ScreenRec does not answer the last check before the time limit', async () => {
    check().reply(200, page('RECORDING'));
    // The second check is not answered until the test ends; on the wait's clock it runs out of time once it has
    // reached ScreenRec: the clock passes its time limit then, which a real timer would do only after ~1.9 s, racing
    // the answer on a slow machine.
    let secondCheckCame!: () => void;
    const secondCheck = new Promise<void>((resolve) => (secondCheckCame = resolve));
    let answerAtLast!: () => void;
    const testEnded = new Promise<void>((resolve) => (answerAtLast = resolve));
    check()
      .reply(200, async () => (secondCheckCame(), await testEnded, page('COMPLETED')))
      .persist();
    const clock = waitClock();
    const { client, close } = await connectClient({ ...REST_ENV, SCREENREC_TOOL_TIMEOUT_SECONDS: '2' }, undefined, QUICK, {
      transport: clock.transport,
    });
    try {
      const started = Date.now();
      const answer = callTool(client, 'wait_for_recording', { recordingId: RECORDING_ID });
      await secondCheck;
      clock.passNextTimeLimit();
      const result = await answer;
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(result.structuredContent).toMatchObject({
        completed: false,
        recording: { status: 'RECORDING' },
        stoppedWaiting: {
          reason: 'TIME_LIMIT',
          checks: 1,
          message: `Stopped before this server's limit of 2 s for one tool call (SCREENREC_TOOL_TIMEOUT_SECONDS). ScreenRec did not answer the last check in time: this is the state read before it. ${AGAIN}`,
        },
      });
    } finally {
      answerAtLast();
      await close();
      clock.restore();
    }
  });

  it('stops after maxWaitSeconds, checking once more at its end', async () => {
    const checks = everyCheck('PROCESSING');
    // On the wait's clock: the checks come when the wait plans them, however late a slow machine would run its timers.
    const clock = waitClock();
    const pacing = { firstDelayMs: 400, maxDelayMs: 800, reserveMs: 2_000 };
    const { client, close } = await connectClient(REST_ENV, undefined, pacing, { transport: clock.transport });
    try {
      const result = await callTool(client, 'wait_for_recording', { recordingId: RECORDING_ID, maxWaitSeconds: 1 });
      // At 0 and 400 ms, then at the end of the second asked for rather than at 1,200 ms.
      expect(checks.count()).toBe(3);
      const last = checks.times[2]! - checks.times[0]!;
      expect([last >= 950, last < 1_200]).toEqual([true, true]);
      expect(result.structuredContent).toMatchObject({
        completed: false,
        recording: { status: 'PROCESSING' },
        stoppedWaiting: { reason: 'MAX_WAIT', checks: 3, message: `Stopped after the 1 s you asked to wait (maxWaitSeconds). ${AGAIN}` },
      });
      expect(
        (result.structuredContent as { stoppedWaiting: { waitedSeconds: number } }).stoppedWaiting.waitedSeconds,
      ).toBeGreaterThanOrEqual(1);
    } finally {
      await close();
      clock.restore();
    }
  });

  it('stops at once when the client cancels, and asks ScreenRec nothing more', async () => {
    const checks = everyCheck('NEW');
    // The next check is due a minute after the first (the call may take 10): a cancel the wait did not heed could not
    // end the call before jest's 30 s do, however slow the machine.
    const nextCheckMs = 60_000;
    const pacing = { firstDelayMs: nextCheckMs, maxDelayMs: nextCheckMs, reserveMs: 2_000 };
    const { client, close, logged } = await connectClient({ ...REST_ENV, SCREENREC_TOOL_TIMEOUT_SECONDS: '600' }, undefined, pacing);
    try {
      const controller = new AbortController();
      const progress: Progress[] = [];
      let firstCheckSeen!: () => void;
      const firstCheck = new Promise<void>((resolve) => (firstCheckSeen = resolve));
      const pending = client.callTool({ name: 'wait_for_recording', arguments: { recordingId: RECORDING_ID } }, undefined, {
        signal: controller.signal,
        onprogress: (note) => (progress.push(note), firstCheckSeen()),
      });
      await firstCheck;
      controller.abort('the user pressed Stop');
      await expect(pending).rejects.toThrow('the user pressed Stop');
      // The server logs the call once it has ended: its wait is over then, so nothing more can be asked.
      const [line] = await logged(1);
      // Ended by the cancel, not by the next check.
      expect(Number(/^wait_for_recording: CANCELLED after (\d+) ms$/.exec(line ?? '')?.[1])).toBeLessThan(nextCheckMs);
      expect([checks.count(), progress.length]).toEqual([1, 1]);
    } finally {
      await close();
    }
  });

  it("fails with core's message when the recording is unknown, and refuses a wrong maxWaitSeconds before sending anything", async () => {
    check().reply(200, { content: [], totalElements: 0, totalPages: 0 });
    const { client, close } = await connectClient(REST_ENV, undefined, QUICK);
    try {
      expect(await callTool(client, 'wait_for_recording', { recordingId: RECORDING_ID })).toEqual({
        content: [{ type: 'text', text: NOT_FOUND_RECORDING }],
        isError: true,
      });
      expect(await callTool(client, 'wait_for_recording', { recordingId: RECORDING_ID, maxWaitSeconds: 0 })).toEqual({
        content: [{ type: 'text', text: invalidInputMessage('`maxWaitSeconds`: must be at least 1') }],
        isError: true,
      });
    } finally {
      await close();
    }
  });
});

// Both answer a call as an SSE stream once the first note is sent: the notes travel on the call's own answer.
const ERAS: HttpEra[] = ['2026-07-28', '2025 stateless'];

describe.each(ERAS)('wait_for_recording over stateless HTTP, %s', (era) => {
  it('answers with the completed recording, the progress notes on the same answer', async () => {
    check().reply(200, page('REVIEWING'));
    check().reply(200, page('COMPLETED'));
    const { client, close } = await httpClient(REST_ENV, era, { pacing: QUICK });
    try {
      const progress: Progress[] = [];
      const onprogress = (note: Progress) => progress.push(note);
      const params = { name: 'wait_for_recording', arguments: { recordingId: RECORDING_ID } };
      const result =
        client instanceof ClientV1
          ? await client.callTool(params, undefined, { onprogress })
          : await client.callTool(params, { onprogress });
      expect(result.structuredContent).toMatchObject({ completed: true, stoppedWaiting: { reason: 'COMPLETED', checks: 2 } });
      expect(progress).toEqual([
        { progress: 1, message: `Recording ${SHORT_ID}: Reviewing (check 1)` },
        { progress: 2, message: `Recording ${SHORT_ID}: Completed (check 2)` },
      ]);
    } finally {
      await close();
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
