/**
 * `npm run bench`: every benchmark figure, each beside its baseline measured in the same run, as one
 * table on stdout and bench/results.json. Options: `--only 2,4` runs those figures, `--quick` shortens each run;
 * `--compare first.json second.json` runs nothing and sets two saved results side by side.
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { benchCoreClient } from './core-client.bench';
import { benchFanOut } from './fan-out.bench';
import { benchListGrowth } from './list-growth.bench';
import { benchMcpCard } from './mcp-card.bench';
import { benchMcpHosted } from './mcp-hosted.bench';
import { benchMcpOverhead } from './mcp-overhead.bench';
import { AGREEMENT, compareRuns } from './compare';
import type { Figure } from './figure';
import { benchN8nPackage } from './n8n-package.bench';
import { benchNodeRed } from './node-red.bench';
import { benchReferenceServer } from './reference-server.bench';
import { readResults, table, writeResults, type Section } from './report';
import { benchServerHardening } from './server-hardening.bench';
import { benchZapierApp } from './zapier-app.bench';
import { benchZapierFind } from './zapier-find.bench';

/** The bundle runs from .cache/bench/. */
const REPO_ROOT = resolve(__dirname, '../..');
const RESULTS = resolve(REPO_ROOT, 'bench/results.json');
const TIME_LIMIT_MS = 10 * 60_000;

/**
 * Round counts (and each round's length) chosen so that two full runs on the same tree agree within 10% on every
 * judged figure on this 2-core machine with other work going on, while the whole run stays well inside
 * TIME_LIMIT_MS: the noisier a figure's per-cycle ratios, the more rounds its median takes. Even counts, so that
 * each side goes first in as many rounds as the other (see interleavedSamples). Where the load swings within
 * seconds (#1), many short rounds beat a few long ones: the two sides of a cycle then run within a second of each
 * other. Where the ratios scatter little even under load (#5's cold step, #9's creates) or a figure is only
 * shown, fewer rounds say as much, and the time goes to the figures that scatter.
 */
function benchmarks(quick: boolean): Array<{ number: number; title: string; run: () => Promise<Figure[]> }> {
  const rounds = (full: number) => (quick ? Math.min(full, 2) : full);
  return [
    { number: 1, title: 'core hook client', run: () => benchCoreClient(200, rounds(60)) },
    { number: 2, title: 'reference server', run: () => benchReferenceServer(1, rounds(12)) },
    { number: 3, title: 'callback fan-out', run: () => benchFanOut({ healthy: rounds(56), failing: rounds(32) }) },
    { number: 4, title: 'list cost as the store grows', run: () => benchListGrowth(100, rounds(40)) },
    { number: 5, title: 'Zapier app', run: () => benchZapierApp(REPO_ROOT, rounds(18)) },
    { number: 6, title: 'n8n package', run: () => benchN8nPackage(REPO_ROOT, rounds(30)) },
    { number: 7, title: 'MCP server tool-call overhead', run: () => benchMcpOverhead(quick ? 200 : 250, rounds(32)) },
    { number: 8, title: 'Zapier Find Recording at 100k recordings', run: () => benchZapierFind(REPO_ROOT, rounds(4)) },
    { number: 9, title: 'reference server storage and tag search at 100k', run: () => benchServerHardening(100, { create: rounds(12), tagSearch: rounds(32) }) },
    { number: 10, title: 'Node-RED action node', run: () => benchNodeRed(REPO_ROOT, quick ? 200 : 400, rounds(16)) },
    { number: 11, title: 'MCP recording card', run: () => benchMcpCard(REPO_ROOT) },
    { number: 12, title: 'MCP hosted endpoint', run: () => benchMcpHosted(quick ? 200 : 250, rounds(8)) },
  ];
}

/** `--compare first.json second.json`: the two runs' judged figures side by side; exits 1 when one differs by more than AGREEMENT. */
function compare(paths: string[]): void {
  if (paths.length !== 2) throw new Error('--compare takes two results files');
  const { table: sideBySide, apart } = compareRuns(readResults(paths[0]!), readResults(paths[1]!));
  process.stdout.write(`${sideBySide}\n`);
  if (apart > 0) {
    process.stdout.write(`${apart} judged figure(s) more than ${AGREEMENT * 100}% apart\n`);
    process.exitCode = 1;
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { only: { type: 'string' }, quick: { type: 'boolean' }, compare: { type: 'boolean' } },
    allowPositionals: true,
  });
  if (values.compare) return compare(positionals);
  const only = values.only?.split(',').map(Number);
  const started = performance.now();
  // Bounded: whatever hangs, the run ends.
  setTimeout(() => {
    process.stderr.write(`bench: over ${TIME_LIMIT_MS / 60_000} minutes, stopping\n`);
    process.exit(2);
  }, TIME_LIMIT_MS).unref();

  const sections: Section[] = [];
  for (const benchmark of benchmarks(values.quick ?? false)) {
    if (only !== undefined && !only.includes(benchmark.number)) continue;
    const load = loadavg()[0]!;
    process.stderr.write(`bench #${benchmark.number} ${benchmark.title} (load average ${load.toFixed(2)})…\n`);
    const sectionStarted = performance.now();
    const section: Section = { number: benchmark.number, title: benchmark.title, figures: [], seconds: 0, loadAverage: [load, load] };
    try {
      section.figures = await benchmark.run();
    } catch (error) {
      section.error = error instanceof Error ? error.message : String(error);
    }
    section.seconds = Math.round((performance.now() - sectionStarted) / 100) / 10;
    section.loadAverage[1] = loadavg()[0]!;
    process.stderr.write(`bench #${benchmark.number} done in ${section.seconds} s\n`);
    sections.push(section);
  }

  const totalSeconds = Math.round((performance.now() - started) / 1000);
  writeResults(RESULTS, sections, totalSeconds);
  const missed = sections.flatMap((section) => section.figures).filter((figure) => figure.met === false);
  const failed = sections.filter((section) => section.error !== undefined);
  const loads = sections.flatMap((section) => section.loadAverage);
  const load = `load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
  const legend =
    'ratio: the median of per-cycle ratios (ours ÷ baseline in two rounds, each side first once; their geometric mean); p25–p75: their interquartile range';
  process.stdout.write(`${table(sections)}\n\n${legend}\n${totalSeconds} s, ${load}; written to bench/results.json\n`);
  if (missed.length > 0 || failed.length > 0) {
    process.stdout.write(`${missed.length} goal(s) missed, ${failed.length} benchmark(s) failed\n`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(2);
});
