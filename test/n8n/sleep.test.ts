describe('the wait between retries', () => {
  afterEach(() => jest.resetModules());

  test('is n8n-workflow sleepWithAbort where n8n has it (n8n 2.3)', async () => {
    const workflow = await import('n8n-workflow');
    const { n8nSleep } = await import('../../packages/n8n-nodes-screenrec/lib/sleep');
    expect(n8nSleep).toBe(workflow.sleepWithAbort);
  });

  test("falls back to n8n-workflow's sleep(ms) where sleepWithAbort is gone (n8n 2.39 and later)", async () => {
    const sleep = jest.fn(async (_ms: number) => undefined);
    jest.doMock('n8n-workflow', () => ({ ...jest.requireActual<object>('n8n-workflow'), sleepWithAbort: undefined, sleep }));
    const { n8nSleep } = await import('../../packages/n8n-nodes-screenrec/lib/sleep');
    await n8nSleep(250);
    expect(sleep).toHaveBeenCalledWith(250);
  });
});

describe("a request's time bound (the time limit and the caller's signal as one signal)", () => {
  afterEach(() => jest.resetModules());

  test("fires as a timeout when n8n's wait ends, and follows the caller's signal as the caller's", async () => {
    const { timeBound } = await import('../../packages/n8n-nodes-screenrec/lib/sleep');
    const timed = timeBound(1, undefined);
    await new Promise((resolve) => timed.signal.addEventListener('abort', resolve, { once: true }));
    expect([timed.timedOut(), (timed.signal.reason as DOMException).name]).toEqual([true, 'TimeoutError']);
    const caller = new AbortController();
    const followed = timeBound(60_000, caller.signal);
    caller.abort(new Error('stopped'));
    expect([followed.signal.aborted, followed.timedOut(), (followed.signal.reason as Error).message]).toEqual([true, false, 'stopped']);
    followed.release();
  });

  test("release() ends n8n's timer and leaves no listener on the caller's signal", async () => {
    const waits: AbortSignal[] = [];
    const sleepWithAbort = jest.fn((_ms: number, signal?: AbortSignal) => {
      waits.push(signal!);
      return new Promise<void>(() => undefined);
    });
    jest.doMock('n8n-workflow', () => ({ ...jest.requireActual<object>('n8n-workflow'), sleepWithAbort }));
    const { timeBound } = await import('../../packages/n8n-nodes-screenrec/lib/sleep');
    const caller = new AbortController();
    const added = jest.spyOn(caller.signal, 'addEventListener');
    const removed = jest.spyOn(caller.signal, 'removeEventListener');
    const bound = timeBound(60_000, caller.signal);
    expect(sleepWithAbort).toHaveBeenCalledWith(60_000, waits[0]);
    expect(waits[0]!.aborted).toBe(false);
    bound.release();
    expect(waits[0]!.aborted).toBe(true);
    expect(removed.mock.calls.map(([type, listener]) => [type, listener])).toEqual(
      added.mock.calls.map(([type, listener]) => [type, listener]),
    );
    expect(bound.signal.aborted).toBe(false);
  });

  test('without a time limit it starts no timer', async () => {
    const sleepWithAbort = jest.fn(async () => undefined);
    jest.doMock('n8n-workflow', () => ({ ...jest.requireActual<object>('n8n-workflow'), sleepWithAbort }));
    const { timeBound } = await import('../../packages/n8n-nodes-screenrec/lib/sleep');
    timeBound(undefined, undefined).release();
    expect(sleepWithAbort).not.toHaveBeenCalled();
  });
});
