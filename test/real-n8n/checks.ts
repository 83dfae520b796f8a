/** The suite's tiny check runner: a line per check, counts for the one closing summary line. */
export class Checks {
  constructor(
    private readonly prefix = '',
    readonly counts = { passed: 0, failed: 0 },
  ) {}

  /** The same counters, with check names prefixed (e.g. by the n8n version they ran on). */
  scoped(prefix: string): Checks {
    return new Checks(prefix, this.counts);
  }

  private record(ok: boolean): void {
    if (ok) this.counts.passed++;
    else this.counts.failed++;
  }

  async check(name: string, body: () => Promise<void> | void): Promise<boolean> {
    try {
      await body();
      this.record(true);
      console.log(`ok   ${this.prefix}${name}`);
      return true;
    } catch (error) {
      this.record(false);
      console.log(`FAIL ${this.prefix}${name}\n     ${describe(error).split('\n').join('\n     ')}`);
      return false;
    }
  }

  /** A failure outside any check (setting up, tearing down). */
  fail(what: string, error: unknown): void {
    this.record(false);
    console.log(`FAIL ${this.prefix}${what}\n     ${describe(error).split('\n').join('\n     ')}`);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function expectThat(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

export async function waitUntil<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function since(started: number): string {
  return `${((Date.now() - started) / 1000).toFixed(1)} s`;
}
