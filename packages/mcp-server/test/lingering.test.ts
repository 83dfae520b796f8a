import { LINGER, drainUnread } from '../src/lingering';

const MiB = 1024 * 1024;

/** A body of `chunks` chunks of 1 MiB (or endless), counting what was pulled from it and whether it was cancelled. */
function body(chunks: number | 'endless') {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (chunks !== 'endless' && seen.pulled >= chunks) return controller.close();
      seen.pulled++;
      controller.enqueue(new Uint8Array(MiB));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

describe("the Worker's lingering drain", () => {
  it('reads a body left unread to its end, so the client still sending reads the early answer', async () => {
    const { stream, seen } = body(20);
    await drainUnread(stream);
    expect(seen.pulled).toBe(20);
  });

  it(`stops past ${LINGER.bytes / MiB} MiB of an endless body, cancelling the rest`, async () => {
    const { stream, seen } = body('endless');
    await drainUnread(stream);
    expect(seen.pulled).toBeGreaterThan(LINGER.bytes / MiB);
    expect(seen.pulled).toBeLessThan(LINGER.bytes / MiB + 4);
    expect(seen.cancelled).toBe(true);
  });

  it(`stops ${LINGER.ms / 1000} s into a body that stalls`, async () => {
    jest.useFakeTimers();
    try {
      let cancelled = false;
      const stalled = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined), cancel: () => void (cancelled = true) });
      const drained = drainUnread(stalled);
      await jest.advanceTimersByTimeAsync(LINGER.ms);
      await drained;
      expect(cancelled).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('leaves alone a body that is absent or still being read', async () => {
    await expect(drainUnread(null)).resolves.toBeUndefined();
    const { stream, seen } = body(3);
    const reader = stream.getReader();
    await drainUnread(stream);
    expect(seen.cancelled).toBe(false);
    reader.releaseLock();
  });
});
