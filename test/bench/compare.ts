import type { Figure } from './figure';
import { format, type Results } from './report';
import { relativeGap } from './stats';

/** Two runs of the same tree should agree this closely on every judged figure, or the figures say nothing. */
export const AGREEMENT = 0.1;

/**
 * Two results.json side by side, as Markdown: each figure's judged number in both runs (the median per-cycle ratio
 * with its p25–p75, or our median for an absolute limit) and how far apart they are. A judged figure further apart
 * than AGREEMENT is in bold and counted: the round counts are too few for this machine, or a run was disturbed.
 */
export function compareRuns(first: Results, second: Results): { table: string; apart: number } {
  const lines = ['| # | figure | goal | run 1 | run 2 | apart |', '|---|---|---|---|---|---|'];
  let apart = 0;
  for (const section of first.sections) {
    const other = second.sections.find((candidate) => candidate.number === section.number);
    const failed = [section, other].map((run) => (run === undefined ? 'not run' : run.error === undefined ? undefined : 'failed'));
    if (failed.some((outcome) => outcome !== undefined)) {
      // Each section's judged figures could not be compared: counted once, as not agreeing.
      apart++;
      lines.push(`| ${section.number} | ${section.title} | — | ${failed[0] ?? 'ran'} | ${failed[1] ?? 'ran'} | **—** |`);
      continue;
    }
    for (const [index, figure] of section.figures.entries()) {
      // By name, else by position: a name can carry a run's outcome (Find Recording's "(not found)").
      const twin = other?.figures.find((candidate) => candidate.figure === figure.figure) ?? other?.figures[index];
      if (twin === undefined) continue;
      const gap = relativeGap(judgedValue(figure), judgedValue(twin));
      const outside = figure.judged !== null && gap > AGREEMENT;
      if (outside) apart++;
      const shown = `${(gap * 100).toFixed(1)}%`;
      lines.push(`| ${section.number} | ${figure.figure} | ${figure.goal} | ${cell(figure)} | ${cell(twin)} | ${outside ? `**${shown}**` : shown} |`);
    }
  }
  const footer = [first, second].map((run, index) => `run ${index + 1}: ${run.date}, ${run.totalSeconds} s, load average ${loadRange(run)}`);
  return { table: [...lines, '', ...footer].join('\n'), apart };
}

/** What the goal is checked against; for a figure with no goal, its ratio. */
function judgedValue(figure: Figure): number {
  return figure.judged === 'ours' ? figure.ours : figure.ratio;
}

function cell(figure: Figure): string {
  if (figure.judged === 'ours') return `${format(figure.ours)} ${figure.unit}`;
  const spread = figure.spread === undefined ? '' : ` (${figure.spread.low.toFixed(2)}–${figure.spread.high.toFixed(2)})`;
  return `${figure.ratio.toFixed(2)}${spread}`;
}

function loadRange(run: Results): string {
  const loads = run.sections.flatMap((section) => section.loadAverage ?? []);
  if (loads.length === 0) return 'not recorded';
  return `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
}
