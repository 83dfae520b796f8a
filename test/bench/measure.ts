import { createServer, type RequestListener, type Server } from 'node:http';
import { listenOnLoopback, stopServer } from '../support/loopback';

export interface Figure {
  /** What was measured, as the table shows it. */
  figure: string;
  ours: number;
  baseline: number;
  unit: string;
  /** ours / baseline; the goal says which way is better. */
  ratio: number;
  goal: string;
  /** null for a figure that is reported beside another and has no goal of its own. */
  met: boolean | null;
  note?: string;
  /** Every round's figure, in results.json only: how much the machine drifted. */
  samples?: { ours: number[]; baseline: number[] };
}

/** The median of each side's samples, with the samples kept beside the figure. */
export function fromSamples(
  make: (ours: number, baseline: number) => Figure,
  ours: number[],
  baseline: number[],
): Figure {
  const round = (values: number[]) => values.map((value) => Math.round(value * 100) / 100);
  return { ...make(median(ours), median(baseline)), samples: { ours: round(ours), baseline: round(baseline) } };
}

/** Throughput ratio: ours / baseline, goal "≥ min". */
export function atLeast(figure: string, ours: number, baseline: number, unit: string, min: number, note?: string): Figure {
  const ratio = ours / baseline;
  return { figure, ours, baseline, unit, ratio, goal: `≥ ${min}`, met: ratio >= min, ...(note ? { note } : {}) };
}

/** Cost ratio: ours / baseline, goal "≤ max". */
export function atMost(figure: string, ours: number, baseline: number, unit: string, max: number, note?: string): Figure {
  const ratio = ours / baseline;
  return { figure, ours, baseline, unit, ratio, goal: `≤ ${max}`, met: ratio <= max, ...(note ? { note } : {}) };
}

/** A figure shown for context (a latency beside a throughput, a memory size), with no goal. */
export function reported(figure: string, ours: number, baseline: number, unit: string, note?: string): Figure {
  return { figure, ours, baseline, unit, ratio: ours / baseline, goal: '—', met: null, ...(note ? { note } : {}) };
}

/**
 * Calls per second of `call`, run `concurrency` at a time for about `durationMs` after a short warm-up, and this
 * process's CPU time per call: a second view of the same cost, which other work on the machine skews differently.
 */
export async function callRate(
  call: () => Promise<unknown>,
  concurrency: number,
  durationMs: number,
): Promise<{ perSecond: number; cpuMicrosPerCall: number }> {
  await runFor(call, concurrency, Math.min(500, durationMs / 4));
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const count = await runFor(call, concurrency, durationMs);
  const cpu = process.cpuUsage(cpuBefore);
  return { perSecond: count / ((performance.now() - started) / 1000), cpuMicrosPerCall: (cpu.user + cpu.system) / count };
}

async function runFor(call: () => Promise<unknown>, concurrency: number, durationMs: number): Promise<number> {
  const deadline = performance.now() + durationMs;
  let count = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await call();
        count++;
      }
    }),
  );
  return count;
}

/**
 * Runs every measurement once per round and returns each one's samples. Odd rounds run them in reverse order
 * (A B, B A, A B…), so a load that rises or falls during a round favours neither.
 */
export async function interleavedSamples<T>(rounds: number, measurements: Array<() => Promise<T>>): Promise<T[][]> {
  const samples = measurements.map((): T[] => []);
  const order = [...measurements.keys()];
  for (let round = 0; round < rounds; round++) {
    for (const index of round % 2 === 0 ? order : [...order].reverse()) samples[index]!.push(await measurements[index]!());
  }
  return samples;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function listen(handler: RequestListener): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const server = createServer({ keepAliveTimeout: 60_000 }, handler);
  const url = await listenOnLoopback(server);
  return { server, url, close: () => stopServer(server) };
}
