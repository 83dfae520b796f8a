import { createServer, type RequestListener, type Server } from 'node:http';
import { listenOnLoopback, stopServer } from '../support/loopback';

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

/** A share of a section's rounds, as an even count of at least two, so that each side goes first as often as the other. */
export function evenRounds(count: number): number {
  return Math.max(2, Math.round(count / 2) * 2);
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

export async function listen(handler: RequestListener): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const server = createServer({ keepAliveTimeout: 60_000 }, handler);
  const url = await listenOnLoopback(server);
  return { server, url, close: () => stopServer(server) };
}
