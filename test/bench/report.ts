import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import type { Figure } from './measure';

export interface Section {
  number: number;
  title: string;
  figures: Figure[];
  /** Set when the section could not run: the reason. */
  error?: string;
  seconds: number;
}

/** The table, as Markdown, so the README's Performance section can take it as it is. */
export function table(sections: Section[]): string {
  const lines = ['| # | figure | ours | baseline | ratio | goal | met |', '|---|---|---|---|---|---|---|'];
  for (const section of sections) {
    if (section.error !== undefined) lines.push(`| ${section.number} | ${section.title} | — | — | — | — | failed: ${section.error} |`);
    for (const figure of section.figures) {
      const met = figure.met === null ? '' : figure.met ? 'yes' : '**no**';
      lines.push(
        `| ${section.number} | ${figure.figure} | ${format(figure.ours)} ${figure.unit} | ${format(figure.baseline)} ${figure.unit} | ${figure.ratio.toFixed(2)} | ${figure.goal} | ${met} |`,
      );
    }
  }
  return lines.join('\n');
}

function format(value: number): string {
  if (value >= 100) return Math.round(value).toLocaleString('en-US');
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

export function writeResults(path: string, sections: Section[], totalSeconds: number): void {
  mkdirSync(dirname(path), { recursive: true });
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    totalSeconds,
    sections,
  };
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
}
