import {
  CANCELLED_MESSAGE,
  HINT_CHECK_SERVICE,
  HINT_NARROW_SEARCH,
  deadlineMessage,
  retryPastDeadlineReason,
  sleep,
  type Transport,
} from 'screenrec';
import { RECORDING_ID, SUBSCRIPTION_ID, expectNoSecretsInThrownErrors, failureOf, hookClient, restClient } from './fixtures';
import { FakeClock, clockSleep, page, range, scriptedTransport } from './scripted';

afterAll(expectNoSecretsInThrownErrors);
afterEach(() => jest.restoreAllMocks());

const PING_OK = { status: 'success', workspace: 'Acme' };
const STEP_MS = 25_000;

describe('one deadline for the whole operation', () => {
  it("cuts each request's timeout to the time left, then fails DEADLINE naming the operation and the budget", async () => {
    const clock = new FakeClock();
    const transport = scriptedTransport(clock, [{ takesMs: 60_000 }]);
    const client = hookClient({ transport, sleep: clockSleep(clock), now: clock.now, timeoutMs: 10_000, retryBaseDelayMs: 0 });
    const error = await failureOf(client.ping({ deadline: clock.time + STEP_MS }));
    expect(transport.requests.map((request) => request.timeoutMs)).toEqual([10_000, 10_000, 5_000]);
    expect(error).toMatchObject({
      code: 'DEADLINE',
      retryable: false,
      message: deadlineMessage('checking the connection', STEP_MS, HINT_CHECK_SERVICE),
    });
    expect(error.message).toBe(
      'ScreenRec did not finish checking the connection within the 25 s this step may take. Try again; if it keeps happening, check that ScreenRec answers at the Service URL.',
    );
  });

  it("names the caller's whole budget, not what was left of it when this operation began", async () => {
    const clock = new FakeClock();
    const deadline = clock.time + STEP_MS;
    clock.advance(20_000);
    const transport = scriptedTransport(clock, [{ takesMs: 60_000 }]);
    const client = hookClient({ transport, sleep: clockSleep(clock), now: clock.now, retryBaseDelayMs: 0 });
    const error = await failureOf(client.ping({ deadline, budgetMs: STEP_MS }));
    expect(transport.requests.map((request) => request.timeoutMs)).toEqual([5_000]);
    expect(error.message).toBe(deadlineMessage('checking the connection', STEP_MS, HINT_CHECK_SERVICE));
  });

  it('does not start a backoff that would end past the deadline: DEADLINE at once, saying why', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(1);
    const clock = new FakeClock();
    const transport = scriptedTransport(clock, [{ status: 503, takesMs: 500 }]);
    const waits = clockSleep(clock);
    const client = restClient({ transport, sleep: waits, now: clock.now, retryBaseDelayMs: 2_000 });
    const error = await failureOf(client.listRecordings({}, { deadline: clock.time + 2_000 }));
    expect(waits.waits).toEqual([]);
    expect(transport.requests).toHaveLength(1);
    expect(error.message).toBe(deadlineMessage('listing recordings', 2_000, HINT_NARROW_SEARCH, retryPastDeadlineReason(2_000, 503)));
    expect(error.message).toBe(
      'ScreenRec did not finish listing recordings within the 2 s this step may take (after HTTP 503, the 2 s wait before trying again would pass the limit). Try again; if it keeps happening, narrow the search (a shorter date range).',
    );
  });

  it('waits out a Retry-After that fits, and refuses the next one that does not', async () => {
    const clock = new FakeClock();
    const transport = scriptedTransport(clock, [{ status: 429, headers: { 'retry-after': '20' }, takesMs: 100 }]);
    const waits = clockSleep(clock);
    const error = await failureOf(
      hookClient({ transport, sleep: waits, now: clock.now }).unsubscribe(SUBSCRIPTION_ID, { deadline: clock.time + STEP_MS }),
    );
    expect(waits.waits).toEqual([20_000]);
    expect(transport.requests).toHaveLength(2);
    expect(error).toMatchObject({ code: 'DEADLINE' });
    expect(error.message).toContain(retryPastDeadlineReason(20_000, 429));
  });

  it('after a network failure, refuses a backoff past the deadline', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(1);
    const clock = new FakeClock();
    const failing: Transport = async () => {
      clock.advance(900);
      throw new Error('ECONNRESET');
    };
    const error = await failureOf(
      restClient({ transport: failing, sleep: clockSleep(clock), now: clock.now, retryBaseDelayMs: 500 }).getVideoUrl(RECORDING_ID, {
        deadline: clock.time + 1_000,
      }),
    );
    expect(error.message).toBe(deadlineMessage('fetching a link to the video', 1_000, HINT_CHECK_SERVICE, retryPastDeadlineReason(500)));
  });

  it('sends nothing when the deadline has already passed', async () => {
    const clock = new FakeClock();
    const transport = scriptedTransport(clock, [{ body: PING_OK }]);
    const error = await failureOf(hookClient({ transport, now: clock.now }).ping({ deadline: clock.time - 1 }));
    expect(error.code).toBe('DEADLINE');
    expect(transport.requests).toEqual([]);
  });

  it('gives each operation its own budget from ClientOptions.deadlineMs', async () => {
    const clock = new FakeClock();
    const transport = scriptedTransport(clock, [{ body: PING_OK, takesMs: 4_000 }]);
    const client = hookClient({ transport, now: clock.now, deadlineMs: 5_000 });
    await client.ping();
    await client.ping();
    expect(transport.requests.map((request) => request.timeoutMs)).toEqual([5_000, 5_000]);
  });

  it('a call deadline wins over the client budget', async () => {
    const clock = new FakeClock();
    const transport = scriptedTransport(clock, [{ body: PING_OK }]);
    await hookClient({ transport, now: clock.now, deadlineMs: 5_000 }).ping({ deadline: clock.time + 1_234 });
    expect(transport.requests[0]?.timeoutMs).toBe(1_234);
  });

  it('rejects a client budget that is not a positive number', () => {
    expect(() => hookClient({ deadlineMs: -5 })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', fieldErrors: [expect.objectContaining({ path: 'deadlineMs' })] }),
    );
  });

  it('rejects a deadline that is not a time', async () => {
    const error = await failureOf(hookClient().ping({ deadline: Number.NaN }));
    expect(error).toMatchObject({ code: 'INVALID_INPUT', fieldErrors: [{ path: 'deadline' }] });
  });

  it('shares the deadline across pages: the third page gets what is left, then DEADLINE', async () => {
    const clock = new FakeClock();
    const full = page(range(0, 100), 1_000, 10);
    const transport = scriptedTransport(clock, [
      { body: full, takesMs: 10_000 },
      { body: page(range(100, 100), 1_000, 10), takesMs: 10_000 },
      { takesMs: 10_000 },
    ]);
    const client = restClient({ transport, sleep: clockSleep(clock), now: clock.now, maxRetries: 0 });
    const seen: string[] = [];
    const error = await failureOf(
      (async () => {
        for await (const recording of client.iterateRecordings({}, { deadline: clock.time + STEP_MS })) seen.push(recording.id);
      })(),
    );
    expect(seen).toHaveLength(200);
    expect(transport.requests.map((request) => request.timeoutMs)).toEqual([25_000, 15_000, 5_000]);
    expect(error.message).toBe(deadlineMessage('listing recordings', STEP_MS, HINT_NARROW_SEARCH));
  });
});

describe('cancellation', () => {
  it('sends nothing when the signal has already fired', async () => {
    const clock = new FakeClock();
    const transport = scriptedTransport(clock, [{ body: PING_OK }]);
    const error = await failureOf(hookClient({ transport }).ping({ signal: AbortSignal.abort() }));
    expect(error).toMatchObject({ code: 'CANCELLED', retryable: false, message: CANCELLED_MESSAGE });
    expect(transport.requests).toEqual([]);
  });

  it('returns CANCELLED at once even from a transport that ignores the signal', async () => {
    const controller = new AbortController();
    let started!: () => void;
    const requestStarted = new Promise<void>((resolve) => (started = resolve));
    const deaf: Transport = () => {
      started();
      return new Promise(() => undefined); // never settles, never listens
    };
    const pending = failureOf(restClient({ transport: deaf }).deleteRecording(RECORDING_ID, { signal: controller.signal }));
    await requestStarted;
    controller.abort();
    expect(await pending).toMatchObject({ code: 'CANCELLED', message: CANCELLED_MESSAGE });
  });

  it('passes the signal to the transport, and a transport failure after an abort is CANCELLED, not NETWORK', async () => {
    const controller = new AbortController();
    const seen: Array<AbortSignal | undefined> = [];
    const transport: Transport = async (request) => {
      seen.push(request.signal);
      controller.abort();
      throw new Error('This operation was aborted');
    };
    const error = await failureOf(hookClient({ transport }).ping({ signal: controller.signal }));
    expect(seen).toEqual([controller.signal]);
    expect(error.code).toBe('CANCELLED');
  });

  it('stops a retry wait when the signal fires, even with a sleep that ignores it', async () => {
    const controller = new AbortController();
    let waiting!: () => void;
    const sleeping = new Promise<void>((resolve) => (waiting = resolve));
    const deafSleep = () => {
      waiting();
      return new Promise<void>(() => undefined);
    };
    const clock = new FakeClock();
    const transport = scriptedTransport(clock, [{ status: 503 }]);
    const pending = failureOf(hookClient({ transport, sleep: deafSleep }).ping({ signal: controller.signal }));
    await sleeping;
    controller.abort();
    expect((await pending).code).toBe('CANCELLED');
    expect(transport.requests).toHaveLength(1);
  });

  it('hands the signal to the sleep so it can stop its timer', async () => {
    const controller = new AbortController();
    const signals: Array<AbortSignal | undefined> = [];
    const clock = new FakeClock();
    const transport = scriptedTransport(clock, [{ status: 500 }, { body: PING_OK }]);
    await hookClient({ transport, sleep: async (_ms, signal) => void signals.push(signal) }).ping({ signal: controller.signal });
    expect(signals).toEqual([controller.signal]);
  });

  it('stops paging between pages', async () => {
    const controller = new AbortController();
    const clock = new FakeClock();
    const transport = scriptedTransport(clock, [{ body: page(range(0, 100), 300, 3) }]);
    const client = restClient({ transport });
    const error = await failureOf(
      (async () => {
        for await (const recording of client.iterateRecordings({}, { signal: controller.signal }))
          if (recording.id.endsWith('99')) controller.abort();
      })(),
    );
    expect(error.code).toBe('CANCELLED');
    expect(transport.requests).toHaveLength(1);
  });
});

describe('the default sleep', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits the time it is given', async () => {
    let done = false;
    const waiting = sleep(1_000).then(() => (done = true));
    await jest.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('ends with CANCELLED when the signal fires, leaving no timer behind', async () => {
    const controller = new AbortController();
    const waiting = failureOf(sleep(60_000, controller.signal));
    expect(jest.getTimerCount()).toBe(1);
    controller.abort();
    expect(await waiting).toMatchObject({ code: 'CANCELLED', message: CANCELLED_MESSAGE });
    expect(jest.getTimerCount()).toBe(0);
  });

  it('does not start a timer for an already-fired signal', async () => {
    const error = await failureOf(sleep(60_000, AbortSignal.abort()));
    expect(error.code).toBe('CANCELLED');
    expect(jest.getTimerCount()).toBe(0);
  });
});
