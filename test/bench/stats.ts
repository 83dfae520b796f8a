/**
 * The arithmetic behind every figure, kept apart from any I/O so a jest test can pin it down (stats.test.ts).
 * A figure's ratio is the median of per-cycle ratios, not the ratio of two medians: ours and its baseline run
 * back to back in each round, so a load that comes and goes hits both sides of one round alike and cancels in
 * that round's ratio, while it would land on one side only of two separately taken medians; and a cycle is two
 * rounds in opposite orders (see cycleRatios).
 */

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/**
 * The q-quantile with linear interpolation between the closest ranks (R's type 7, numpy's default), so the
 * quartiles of a handful of rounds still move smoothly with each round instead of jumping between two samples.
 */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) throw new Error('quantile of no values');
  if (!(q >= 0 && q <= 1)) throw new Error(`quantile ${q} is outside 0–1`);
  const sorted = [...values].sort((x, y) => x - y);
  const position = q * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/** A latency percentile as load tools report it: the sample at that rank (no interpolation), for one round's requests. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** ours[i] / baseline[i]: each round's ratio, both sides taken in that same round. */
export function perRoundRatios(ours: readonly number[], baseline: readonly number[]): number[] {
  if (ours.length !== baseline.length || ours.length === 0) {
    throw new Error(`per-round ratios need as many rounds on each side (ours ${ours.length}, baseline ${baseline.length})`);
  }
  return ours.map((value, round) => value / baseline[round]!);
}

/**
 * Each alternation cycle's ratio: the geometric mean of the ratios of rounds 2k (ours first) and 2k+1 (baseline
 * first), as interleavedSamples orders them. On this machine whichever side runs second in a round often runs
 * slower or faster (the first leaves garbage, warms caches): per-round ratios then fall into two clusters, one per
 * order, and their median lands between them wherever a few rounds tip it. Within a cycle each side goes first
 * once, so that order effect cancels. An odd last round counts on its own.
 */
export function cycleRatios(roundRatios: readonly number[]): number[] {
  const cycles: number[] = [];
  for (let index = 0; index < roundRatios.length; index += 2) {
    const [first, second] = [roundRatios[index]!, roundRatios[index + 1]];
    cycles.push(second === undefined ? first : Math.sqrt(first * second));
  }
  return cycles;
}

/** The interquartile range: where the middle half of the rounds fell. It ignores a single stalled round, as min–max would not. */
export interface Spread {
  low: number;
  high: number;
}

export function interquartile(values: readonly number[]): Spread {
  return { low: quantile(values, 0.25), high: quantile(values, 0.75) };
}

/** How far apart two runs' figures are: the larger over the smaller, less one (0.1 = 10% apart), either way round. */
export function relativeGap(first: number, second: number): number {
  const [low, high] = first <= second ? [first, second] : [second, first];
  if (low <= 0) return high === low ? 0 : Infinity;
  return high / low - 1;
}
