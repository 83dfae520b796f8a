import { readFileSync } from 'node:fs';

/** A process's resident memory after `calls` calls had been answered. */
export interface RssSample {
  calls: number;
  kib: number;
}

/** The process's resident set size now, from the kernel's own account (/proc/<pid>/status, VmRSS). */
export function rssKiB(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (line === null) throw new Error(`/proc/${pid}/status has no VmRSS line: is the process gone?`);
  return Number(line[1]);
}

export interface Levelling {
  secondQuarterMaxKiB: number;
  lastQuarterMaxKiB: number;
  /** How far the last quarter's peak rose above the second's (negative when it fell). */
  growthKiB: number;
  levelsOff: boolean;
}

/**
 * Whether memory levels off over a run of `totalCalls` calls: the highest sample of the last quarter (by calls answered,
 * not by time, so a slow machine samples the same points) may be at most `boundKiB` above the highest of the second.
 * The first quarter is the warm-up (code compiled, heap grown to its working size) and is not compared.
 */
export function levelling(samples: readonly RssSample[], totalCalls: number, boundKiB: number): Levelling {
  const peakOf = (fromCalls: number, toCalls: number) => {
    const inQuarter = samples.filter((sample) => sample.calls > fromCalls && sample.calls <= toCalls).map((sample) => sample.kib);
    if (inQuarter.length === 0) throw new Error(`no memory sample between calls ${fromCalls} and ${toCalls}`);
    return Math.max(...inQuarter);
  };
  const quarter = totalCalls / 4;
  const secondQuarterMaxKiB = peakOf(quarter, 2 * quarter);
  const lastQuarterMaxKiB = peakOf(3 * quarter, totalCalls);
  const growthKiB = lastQuarterMaxKiB - secondQuarterMaxKiB;
  return { secondQuarterMaxKiB, lastQuarterMaxKiB, growthKiB, levelsOff: growthKiB <= boundKiB };
}
