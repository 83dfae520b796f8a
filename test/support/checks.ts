import type { WaitOptions } from './wait';

/**
 * The check runner of the suites that run outside jest (test:n8n, test:queue, test:browser): a line per check,
 * "ok …" or "FAIL …" with the reason, counted for the one closing summary line.
 */
export class Checks {
  constructor(
    private readonly prefix = '',
    readonly counts = { passed: 0, failed: 0 },
  ) {}

  /** The same counters, with check names prefixed (e.g. by the n8n version they ran on). */
  scoped(prefix: string): Checks {
    return new Checks(prefix, this.counts);
  }

  async check(name: string, body: () => Promise<void> | void): Promise<boolean> {
    try {
      await body();
      this.record(true);
      console.log(`ok   ${this.prefix}${name}`);
      return true;
    } catch (error) {
      this.fail(name, error);
      return false;
    }
  }

  /** A failure outside any check (setting up, tearing down). */
  fail(what: string, error: unknown): void {
    this.record(false);
    // fetch says only "fetch failed"; what failed (refused, reset, which address) is its cause.
    const cause =
      error instanceof Error && error.cause !== undefined
        ? ` (${error.cause instanceof Error ? error.cause.message : String(error.cause)})`
        : '';
    const reason = (error instanceof Error ? error.message : String(error)) + cause;
    if (error instanceof Error && error.message === 'fetch failed') console.log(error.stack);
    console.log(`FAIL ${this.prefix}${what}\n     ${reason.split('\n').join('\n     ')}`);
  }

  /** The closing line: "<suite>: 12 passed, 0 failed (84.2 s)". */
  summary(suite: string, started: number): string {
    return `${suite}: ${this.counts.passed} passed, ${this.counts.failed} failed (${since(started)})`;
  }

  /** The exit code a run ends with: 0 only when checks ran and none failed. */
  exitCode(): number {
    return this.counts.failed === 0 && this.counts.passed > 0 ? 0 : 1;
  }

  private record(ok: boolean): void {
    if (ok) this.counts.passed++;
    else this.counts.failed++;
  }
}

/** Fails the current check with `message` unless `condition` holds. */
export function expectThat(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** How long real processes (n8n, a queue cluster, a browser) get to reach a state: seconds, not jest's milliseconds. */
export const PROCESS_WAIT: WaitOptions = { timeoutMs: 60_000, intervalMs: 250 };

/** A duration as the runners print it: "12.3 s". */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The time since `started` (a Date.now() reading), printed the same way. */
export function since(started: number): string {
  return seconds(Date.now() - started);
}
