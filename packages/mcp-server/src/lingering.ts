/**
 * How much of a body left unread, and for how long, the endpoint still reads and drops after an early answer (a 413,
 * a refusal that never reads the body) before it closes: nginx's lingering close. A close with unread bytes sends a
 * reset, which can discard the answer before a client still sending reads it. The bytes hold a body several times the
 * SDK's 4 MiB limit, so a client that reads the answer only once it has sent everything still gets it; the time stops
 * an endless or stalled sender from holding the connection.
 */
export const LINGER = { bytes: 32 * 1024 * 1024, ms: 5_000 } as const;

/**
 * Reads and drops what is left of a web request's body, within LINGER; resolves when it is all in, or when the bound
 * is reached (the rest is then the runtime's to cut). For the Worker: workerd itself drops at most 64 KiB of a body a
 * Worker left unread, within a second, and then resets the connection.
 */
export async function drainUnread(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (body === null || body.locked) return;
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outOfTime = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), LINGER.ms)));
  try {
    for (let dropped = 0; dropped <= LINGER.bytes; ) {
      const read = await Promise.race([reader.read(), outOfTime]);
      if (read === 'late' || read.done) return;
      dropped += read.value.byteLength;
    }
  } catch {
    // The client went away: nothing is left to drain.
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => undefined);
  }
}
