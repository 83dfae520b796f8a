import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import type { Figure } from './figure';
import type { Spread } from './stats';

export interface Section {
  number: number;
  title: string;
  figures: Figure[];
  /** Set when the section could not run: the reason. */
  error?: string;
  seconds: number;
  /** The 1-minute load average as the section started and as it ended: how busy the machine was meanwhile. */
  loadAverage: [number, number];
}

/** bench/results.json. */
export interface Results {
  date: string;
  node: string;
  cpus: number;
  cpuModel?: string;
  totalSeconds: number;
  sections: Section[];
}

/** The table of figures, as Markdown, that `npm run bench` prints. */
export function table(sections: Section[]): string {
  const lines = ['| # | figure | ours | baseline | ratio | p25–p75 | goal | met |', '|---|---|---|---|---|---|---|---|'];
  for (const section of sections) {
    if (section.error !== undefined) lines.push(`| ${section.number} | ${section.title} | — | — | — | — | — | failed: ${section.error} |`);
    for (const figure of section.figures) {
      const met = figure.met === null ? '' : figure.met ? 'yes' : '**no**';
      const values = `${format(figure.ours)} ${figure.unit} | ${format(figure.baseline)} ${figure.unit}`;
      lines.push(`| ${section.number} | ${figure.figure} | ${values} | ${figure.ratio.toFixed(2)} | ${spread(figure.spread)} | ${figure.goal} | ${met} |`);
    }
  }
  return lines.join('\n');
}

function spread(value: Spread | undefined): string {
  return value === undefined ? '—' : `${value.low.toFixed(2)}–${value.high.toFixed(2)}`;
}

export function format(value: number): string {
  if (value >= 100) return Math.round(value).toLocaleString('en-US');
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

export function writeResults(path: string, sections: Section[], totalSeconds: number): void {
  mkdirSync(dirname(path), { recursive: true });
  const results: Results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    totalSeconds,
    sections,
  };
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
}

export function readResults(path: string): Results {
  return JSON.parse(readFileSync(path, 'utf8')) as Results;
}
