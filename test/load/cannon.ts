import autocannon from 'autocannon';

export type LoadOptions = Parameters<typeof autocannon>[0];
export type LoadResult = Awaited<ReturnType<typeof autocannon>>;

/**
 * How long one run may go on before it is stopped and failed: a last resort, not a speed verdict. A hang already ends
 * a run (each request has its timeout, and the first error stops it); this bounds one whose answers keep coming just
 * inside their timeout. Runs here take seconds, and still well under this on a machine loaded many times over.
 */
const RUN_GUARD_MS = 180_000;

/**
 * One bounded autocannon run against a loopback address: a fixed number of requests, the first error (a timeout
 * included) ends it, and it is stopped if it is still going after RUN_GUARD_MS. Fails if it was stopped.
 */
export async function boundedLoad(options: LoadOptions & { amount: number }): Promise<LoadResult> {
  const { hostname } = new URL(options.url);
  if (hostname !== '127.0.0.1' && hostname !== '[::1]') throw new Error(`load only goes to loopback, not ${hostname}`);
  const run = autocannon({ bailout: 1, ...options });
  let stopped = false;
  const guard = setTimeout(() => {
    stopped = true;
    run.stop();
  }, RUN_GUARD_MS);
  try {
    const result = await run;
    if (stopped)
      throw new Error(`still running after ${RUN_GUARD_MS / 1000} s: stopped with ${answered(result)} of ${options.amount} answered`);
    return result;
  } finally {
    clearTimeout(guard);
  }
}

/** Answers received, whatever their status. */
export function answered(result: LoadResult): number {
  return Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + count, 0);
}

/** Fails unless every request was answered with `status` and nothing failed on the way. */
export function expectAllAnswered(result: LoadResult, amount: number, status: number): void {
  const statuses = JSON.stringify(Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])));
  if (result.errors > 0 || result.timeouts > 0)
    throw new Error(`${result.errors} errors (${result.timeouts} of them timeouts); answers by status ${statuses}`);
  if (statuses !== JSON.stringify({ [status]: amount })) throw new Error(`answers by status ${statuses}, not ${amount} × ${status}`);
}

/** The run's figures as the suite prints them under its check: "10,000 requests, 3,210 req/s, p50 12 ms, p99 80 ms, 3.1 s". */
export function figures(result: LoadResult): string {
  const count = answered(result);
  const perSecond = Math.round(count / result.duration);
  return (
    `${count.toLocaleString('en-US')} requests, ${perSecond.toLocaleString('en-US')} req/s, ` +
    `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ${result.duration.toFixed(1)} s`
  );
}
