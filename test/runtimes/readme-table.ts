import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SDK_FOLDER } from './project';

/** One runtime's line of the SDK README's table: what ran, how, and how it went. */
export interface RuntimeRow {
  runtime: string;
  version: string;
  how: string;
  passed: number;
  failed: number;
  /** Compared by major version only: the machine's own (Node 20) or Debian's (Chromium), not pinned by us. */
  majorOnly?: boolean;
}

export const README = path.join(SDK_FOLDER, 'README.md');
const START = '<!-- runtimes:start (written by npm run test:runtimes) -->';
const END = '<!-- runtimes:end -->';

export function runtimeTable(rows: RuntimeRow[]): string {
  const result = (row: RuntimeRow) =>
    row.failed === 0 ? `passes all ${row.passed} checks` : `fails ${row.failed} of ${row.passed + row.failed} checks`;
  return [
    '| runtime | version | how the suite runs it | result |',
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row.runtime} | ${row.version} | ${row.how} | ${result(row)} |`),
  ].join('\n');
}

/** The README's table as the rule compares it: Node 20's and Chromium's versions cut to their major. */
function comparable(table: string, rows: RuntimeRow[]): string {
  let text = table.trim();
  for (const row of rows.filter((one) => one.majorOnly === true)) {
    const runtime = row.runtime.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    text = text.replace(new RegExp(`^(\\| ${runtime} \\| )(\\d+)[.\\d]*( \\|)`, 'm'), '$1$2$3');
  }
  return text;
}

/**
 * Whether packages/core/README.md shows this run's table; with `write`, it is made to. Pinned runtimes must match
 * exactly; Node 20 (the machine's) and Chromium (Debian's) by major version, since a machine may have another patch.
 */
export function readmeShows(rows: RuntimeRow[], write: boolean): { ok: boolean; expected: string; found: string } {
  const text = readFileSync(README, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start === -1 || end < start) throw new Error(`${README} has no ${START} … ${END} section for the table`);
  const found = text.slice(start + START.length, end).trim();
  const expected = runtimeTable(rows);
  if (write && found !== expected) writeFileSync(README, `${text.slice(0, start + START.length)}\n${expected}\n${text.slice(end)}`);
  return { ok: write || comparable(found, rows) === comparable(expected, rows), expected, found };
}
