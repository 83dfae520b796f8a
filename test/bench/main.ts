/**
 * `npm run bench`: every figure of the benchmarks issue, each beside its limit measured in the same run, as one
 * table on stdout and bench/results.json. Options: `--only 2,4` runs those figures, `--quick` shortens each run.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { benchCoreClient } from './core-client.bench';
import { benchFanOut } from './fan-out.bench';
import { benchListGrowth } from './list-growth.bench';
import { benchMcpOverhead } from './mcp-overhead.bench';
import type { Figure } from './measure';
import { benchN8nPackage } from './n8n-package.bench';
import { benchReferenceServer } from './reference-server.bench';
import { table, writeResults, type Section } from './report';
import { benchServerHardening } from './server-hardening.bench';
import { benchZapierApp } from './zapier-app.bench';
import { benchZapierFind } from './zapier-find.bench';

/** The bundle runs from .cache/bench/. */
const REPO_ROOT = resolve(__dirname, '../..');
const RESULTS = resolve(REPO_ROOT, 'bench/results.json');
const TIME_LIMIT_MS = 10 * 60_000;

function benchmarks(quick: boolean): Array<{ number: number; title: string; run: () => Promise<Figure[]> }> {
  const rounds = quick ? 1 : 5;
  return [
    { number: 1, title: 'core hook client', run: () => benchCoreClient(500, quick ? 1 : 15) },
    { number: 2, title: 'reference server', run: () => benchReferenceServer(quick ? 1 : 2, rounds) },
    { number: 3, title: 'callback fan-out', run: () => benchFanOut(quick ? 1 : 11) },
    { number: 4, title: 'list cost as the store grows', run: () => benchListGrowth(quick ? 100 : 300, rounds) },
    { number: 5, title: 'Zapier app', run: () => benchZapierApp(REPO_ROOT, quick ? 3 : 9) },
    { number: 6, title: 'n8n package', run: () => benchN8nPackage(REPO_ROOT, quick ? 3 : 9) },
    { number: 7, title: 'MCP server tool-call overhead', run: () => benchMcpOverhead(quick ? 200 : 250, quick ? 5 : 41) },
    { number: 8, title: 'Zapier Find Recording at 100k recordings', run: () => benchZapierFind(REPO_ROOT) },
    { number: 9, title: 'reference server storage and tag search at 100k', run: () => benchServerHardening(quick ? 100 : 300, quick ? 1 : rounds) },
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { only: { type: 'string' }, quick: { type: 'boolean' } } });
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
    process.stderr.write(`bench #${benchmark.number} ${benchmark.title}…\n`);
    const sectionStarted = performance.now();
    const section: Section = { number: benchmark.number, title: benchmark.title, figures: [], seconds: 0 };
    try {
      section.figures = await benchmark.run();
    } catch (error) {
      section.error = error instanceof Error ? error.message : String(error);
    }
    section.seconds = Math.round((performance.now() - sectionStarted) / 100) / 10;
    process.stderr.write(`bench #${benchmark.number} done in ${section.seconds} s\n`);
    sections.push(section);
  }

  const totalSeconds = Math.round((performance.now() - started) / 1000);
  writeResults(RESULTS, sections, totalSeconds);
  const missed = sections.flatMap((section) => section.figures).filter((figure) => figure.met === false);
  const failed = sections.filter((section) => section.error !== undefined);
  process.stdout.write(`${table(sections)}\n\n${totalSeconds} s; written to bench/results.json\n`);
  if (missed.length > 0 || failed.length > 0) {
    process.stdout.write(`${missed.length} goal(s) missed, ${failed.length} benchmark(s) failed\n`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(2);
});
