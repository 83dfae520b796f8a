import { cycleRatios, interquartile, median, perRoundRatios, type Spread } from './stats';

/** What a figure's goal is checked against. */
export type Goal =
  /** The median per-cycle ratio (see paired), ours / baseline, at least `min` (a throughput). */
  | { kind: 'ratio at least'; min: number }
  /** The median per-cycle ratio at most `max` (a time, a size, a CPU cost). */
  | { kind: 'ratio at most'; max: number }
  /** An absolute limit on our median, in the figure's unit; the baseline is there for context. */
  | { kind: 'ours at most'; limit: number }
  /** Reported beside a judged figure (a latency beside a throughput, a CPU cost), with no goal of its own. */
  | { kind: 'none' };

export const atLeast = (min: number): Goal => ({ kind: 'ratio at least', min });
export const atMost = (max: number): Goal => ({ kind: 'ratio at most', max });
export const oursAtMost = (limit: number): Goal => ({ kind: 'ours at most', limit });
export const reported: Goal = { kind: 'none' };

/** One side-by-side measurement before it is named and judged. */
export interface Measured {
  /** Medians of each side's rounds (or the single measurement): the table's ours and baseline columns. */
  ours: number;
  baseline: number;
  /** The median of per-cycle ratios (two rounds, each side first once); for a single measurement, ours / baseline. */
  ratio: number;
  /** The interquartile range of per-cycle ratios; absent when there was one round (a file size, say). */
  spread?: Spread;
  /**
   * Every round, in results.json only: how much the machine drifted, and the figure recomputable from it. ratios
   * are per round (ours[i] / baseline[i]), cycles per pair of rounds.
   */
  samples?: { ours: number[]; baseline: number[]; ratios: number[]; cycles: number[] };
}

export interface Figure extends Measured {
  /** What was measured, as the table shows it. */
  figure: string;
  unit: string;
  /** The goal as the table shows it ("≥ 0.95", "≤ 60 kB"), or "—". */
  goal: string;
  /** Which number the goal is checked against; null when there is no goal. */
  judged: 'ratio' | 'ours' | null;
  /** null for a figure with no goal. */
  met: boolean | null;
  note?: string;
}

/**
 * Ours and its baseline over the same alternating rounds (see interleavedSamples): round i of one against round i
 * of the other, and each cycle of two rounds (ours first, then baseline first) as one ratio.
 */
export function paired(ours: number[], baseline: number[]): Measured {
  const ratios = perRoundRatios(ours, baseline);
  const cycles = cycleRatios(ratios);
  const keep = (values: number[]) => values.map((value) => Number(value.toPrecision(4)));
  return {
    ours: median(ours),
    baseline: median(baseline),
    ratio: median(cycles),
    spread: interquartile(cycles),
    samples: { ours: keep(ours), baseline: keep(baseline), ratios: keep(ratios), cycles: keep(cycles) },
  };
}

/** A figure measured once on each side, where rounds would only repeat the same number (a file size, a memory size). */
export function single(ours: number, baseline: number): Measured {
  return { ours, baseline, ratio: ours / baseline };
}

export function figure(name: string, measured: Measured, unit: string, goal: Goal, note?: string): Figure {
  const judged = judge(goal, measured, unit);
  return { figure: name, ...measured, unit, ...judged, ...(note ? { note } : {}) };
}

function judge(goal: Goal, { ours, ratio }: Measured, unit: string): Pick<Figure, 'goal' | 'judged' | 'met'> {
  switch (goal.kind) {
    case 'ratio at least':
      return { goal: `≥ ${goal.min}`, judged: 'ratio', met: ratio >= goal.min };
    case 'ratio at most':
      return { goal: `≤ ${goal.max}`, judged: 'ratio', met: ratio <= goal.max };
    case 'ours at most':
      return { goal: `≤ ${goal.limit} ${unit}`, judged: 'ours', met: ours <= goal.limit };
    case 'none':
      return { goal: '—', judged: null, met: null };
  }
}
