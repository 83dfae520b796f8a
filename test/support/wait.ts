export interface WaitOptions {
  /** Give up after this long. Default 5 s. */
  timeoutMs?: number;
  /** Pause between probes. Default 50 ms. */
  intervalMs?: number;
}

/** A probe's way to say what it saw last, so a timeout explains itself. */
export type Note = <V>(seen: V) => V;

/**
 * Polls `probe` until it gives a value other than undefined. On timeout the error names what was awaited and
 * what the last probe noted, so a failing suite says what it was looking at.
 */
export async function waitUntil<T>(
  what: string,
  probe: (note: Note) => T | undefined | Promise<T | undefined>,
  { timeoutMs = 5000, intervalMs = 50 }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let seen: unknown;
  const note: Note = (value) => {
    seen = value;
    return value;
  };
  for (;;) {
    const value = await probe(note);
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      const last = seen === undefined ? '' : `; last seen: ${JSON.stringify(seen).slice(0, 600)}`;
      throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}${last}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
