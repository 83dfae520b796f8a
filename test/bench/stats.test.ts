// The bench's arithmetic: a figure is judged on the median of per-cycle ratios (two alternating rounds each), shown
// with their interquartile range, and two runs are compared on what each figure is judged on. A slip here would
// print trusted-looking numbers.
import { compareRuns } from './compare';
import { atLeast, figure, oursAtMost, paired, reported, single } from './figure';
import { evenRounds } from './measure';
import type { Results } from './report';
import { cycleRatios, interquartile, median, perRoundRatios, quantile, relativeGap } from './stats';

test('quantiles interpolate linearly between the closest ranks (numpy’s default)', () => {
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  expect(quantile([1, 2, 3, 4], 0.25)).toBeCloseTo(1.75);
  expect(quantile([1, 2, 3, 4], 0.75)).toBeCloseTo(3.25);
  expect(quantile([7], 0.25)).toBe(7);
  expect(interquartile([10, 0, 5, 20, 15])).toEqual({ low: 5, high: 15 });
  expect(() => quantile([], 0.5)).toThrow();
});

test('a share of rounds is an even count of at least two, so each side goes first as often', () => {
  expect([evenRounds(12), evenRounds(12 / 3), evenRounds(18 * (4 / 3)), evenRounds(18 / 3), evenRounds(5), evenRounds(0.5)]).toEqual([
    12, 4, 24, 6, 6, 2,
  ]);
  expect(evenRounds(7)).toBe(8);
  expect(evenRounds(6.9)).toBe(6);
});

test('per-round ratios pair round i with round i, and need as many rounds on each side', () => {
  expect(perRoundRatios([2, 9], [1, 3])).toEqual([2, 3]);
  expect(() => perRoundRatios([1, 2], [1])).toThrow(/as many rounds/);
});

test('a cycle is two rounds in opposite orders: its ratio is their geometric mean, an odd last round counts alone', () => {
  // Whichever side goes second runs 20% slower: the order effect cancels within each cycle.
  const cycles = cycleRatios([1.2, 1 / 1.2, 1.2 * 1.1, 1.1 / 1.2, 0.9]);
  expect(cycles.map((cycle) => Number(cycle.toFixed(6)))).toEqual([1, 1.1, 0.9]);
});

test('the ratio is the median of per-cycle ratios, not the ratio of the two medians', () => {
  // Load slows both sides of rounds 3 and 4: it cancels in those rounds' ratios, not across the two medians.
  const measured = paired([10, 10, 40, 40, 20, 20], [10, 10, 80, 80, 10, 10]);
  expect(measured.ours).toBe(20);
  expect(measured.baseline).toBe(10);
  expect(measured.samples?.ratios).toEqual([1, 1, 0.5, 0.5, 2, 2]);
  expect(measured.ratio).toBe(1); // cycles 1, 0.5, 2
  expect(measured.spread).toEqual({ low: 0.75, high: 1.5 });
  // 20 / 10 would pass ≥ 1.2; the median per-cycle ratio does not.
  expect(figure('x', measured, 'calls/s', atLeast(1.2)).met).toBe(false);
});

test('an absolute limit is judged on our median; a single measurement has no spread', () => {
  expect(figure('tags', paired([4, 6, 5], [1, 1, 1]), 'ms', oursAtMost(5))).toMatchObject({ met: true, judged: 'ours', goal: '≤ 5 ms' });
  expect(figure('tags', paired([6, 6, 5], [1, 1, 1]), 'ms', oursAtMost(5)).met).toBe(false);
  const size = figure('zip', single(110, 100), 'kB', reported);
  expect(size).toMatchObject({ ratio: 1.1, met: null, judged: null });
  expect(size.spread).toBeUndefined();
});

test('two runs compared: only judged figures further apart than 10% count', () => {
  expect(relativeGap(1, 1.1)).toBeCloseTo(0.1);
  expect(relativeGap(1.1, 1)).toBeCloseTo(0.1);
  const run = (ping: number, latency: number, tags: number): Results => ({
    date: 'd',
    node: 'v20',
    cpus: 2,
    totalSeconds: 1,
    sections: [
      {
        number: 2,
        title: 't',
        seconds: 1,
        loadAverage: [1, 2],
        figures: [
          figure('ping', paired([ping], [1]), 'req/s', atLeast(0.6)),
          figure('p99', paired([latency], [1]), 'ms', reported),
          figure('tags', paired([tags], [1]), 'ms', oursAtMost(5)),
        ],
      },
    ],
  });
  expect(compareRuns(run(0.6, 1, 1), run(0.65, 3, 1.05)).apart).toBe(0);
  const { table, apart } = compareRuns(run(0.6, 1, 1), run(0.7, 1, 1.2));
  expect(apart).toBe(2);
  expect(table).toContain('| 2 | ping | ≥ 0.6 | 0.60 (0.60–0.60) | 0.70 (0.70–0.70) | **16.7%** |');
  expect(table).toContain('| 2 | tags | ≤ 5 ms | 1.00 ms | 1.20 ms | **20.0%** |');
});
