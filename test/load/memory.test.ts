import { levelling, rssKiB, type RssSample } from './memory';

/** A sample every 100 of 4,000 calls, the memory at each given by `kibAt(calls)`. */
const run = (kibAt: (calls: number) => number): RssSample[] =>
  Array.from({ length: 41 }, (_, i) => ({ calls: i * 100, kib: kibAt(i * 100) }));

describe('levelling', () => {
  it.each([
    {
      name: 'passes memory that grows while warming up and then stays within the bound',
      kibAt: (calls: number) => (calls <= 1000 ? 60_000 + calls * 100 : 160_000 + (calls % 300)),
      boundKiB: 1024,
      verdict: { secondQuarterMaxKiB: 160_200, lastQuarterMaxKiB: 160_200, growthKiB: 0, levelsOff: true },
    },
    {
      name: 'fails memory that keeps growing: the last quarter peak is past the bound above the second',
      kibAt: (calls: number) => 100_000 + calls * 20,
      boundKiB: 32_768,
      verdict: { secondQuarterMaxKiB: 140_000, lastQuarterMaxKiB: 180_000, growthKiB: 40_000, levelsOff: false },
    },
  ])('$name', ({ kibAt, boundKiB, verdict }) => {
    expect(levelling(run(kibAt), 4000, boundKiB)).toEqual(verdict);
  });

  it('compares by calls answered, not by sample position: the first quarter and the third are left out', () => {
    const samples = run((calls) => (calls <= 1000 || (calls > 2000 && calls <= 3000) ? 900_000 : 100_000));
    expect(levelling(samples, 4000, 0)).toMatchObject({ secondQuarterMaxKiB: 100_000, lastQuarterMaxKiB: 100_000, levelsOff: true });
  });

  it('passes growth exactly at the bound and memory that falls', () => {
    expect(
      levelling(
        run((calls) => (calls > 3000 ? 110_000 : 100_000)),
        4000,
        10_000,
      ).levelsOff,
    ).toBe(true);
    expect(
      levelling(
        run((calls) => 200_000 - calls),
        4000,
        0,
      ),
    ).toMatchObject({ growthKiB: -2000, levelsOff: true });
  });

  it('refuses a run with no sample in a compared quarter', () => {
    const samples = run(() => 100_000).filter((sample) => sample.calls <= 3000);
    expect(() => levelling(samples, 4000, 1024)).toThrow('no memory sample between calls 3000 and 4000');
  });
});

describe('rssKiB', () => {
  it("reads a live process's resident memory from /proc, in KiB", () => {
    const kib = rssKiB(process.pid);
    expect(kib).toBeGreaterThan(1024);
    expect(kib * 1024).toBeLessThan(process.memoryUsage().rss * 2);
  });

  it('fails for a process that is not there', () => {
    expect(() => rssKiB(2 ** 22 + 1)).toThrow(/ENOENT/);
  });
});
