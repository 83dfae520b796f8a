/** The run's checks: one line each ("ok …" or "FAIL …" with the reason), counted for the summary line. */
export const tally = { passed: 0, failed: 0 };

export async function check(name: string, body: () => Promise<void> | void): Promise<void> {
  try {
    await body();
    tally.passed++;
    console.log(`ok   ${name}`);
  } catch (error) {
    tally.failed++;
    console.log(`FAIL ${name}\n     ${(error as Error).message.split('\n').join('\n     ')}`);
  }
}

export function expectThat(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** Polls until probe gives a value; on timeout, the error shows what the last probe saw (its `seen` note). */
export async function waitUntil<T>(what: string, probe: (note: <V>(seen: V) => V) => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let seen: unknown;
  const note = <V,>(value: V): V => {
    seen = value;
    return value;
  };
  for (;;) {
    const value = await probe(note);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}${seen === undefined ? '' : `; last seen: ${JSON.stringify(seen).slice(0, 600)}`}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
