#!/usr/bin/env node
// Rewrites the latest run's section of docs/performance.md from bench/results.json (what `npm run bench` writes), so
// the document shows one run's figures exactly as measured, never numbers copied by hand. Only the text between the
// two markers changes.
//
//   node scripts/performance-doc.mjs [results.json] [performance.md]
//
// Exits 1, leaving the document as it is, when the results file is missing or is not a bench run.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const START = '<!-- latest-run:start (written by scripts/performance-doc.mjs from bench/results.json; do not edit) -->';
const END = '<!-- latest-run:end -->';

const [resultsPath = resolve(REPO_ROOT, 'bench/results.json'), docPath = resolve(REPO_ROOT, 'docs/performance.md')] = process.argv.slice(2);

function fail(message) {
  process.stderr.write(`performance-doc: ${message}\n`);
  process.exit(1);
}

/** As the bench's own table prints numbers (test/bench/report.ts). */
function format(value) {
  if (value >= 100) return Math.round(value).toLocaleString('en-US');
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

const cell = (text) => String(text).replace(/\|/g, '\\|');

function section(results) {
  const loads = results.sections.flatMap((s) => s.loadAverage ?? []);
  const load = loads.length > 0 ? `, load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}` : '';
  const machine = `${results.cpus} CPU${results.cpus === 1 ? '' : 's'}${results.cpuModel ? ` (${results.cpuModel.trim()})` : ''}`;
  const lines = [
    `Run of ${results.date.slice(0, 16).replace('T', ' ')} UTC: Node ${results.node.replace(/^v/, '')}, ${machine}, ${results.totalSeconds} s${load}.`,
    '',
    '| # | figure | ours | baseline | ratio | p25–p75 | goal | met |',
    '|---|---|---|---|---|---|---|---|',
  ];
  let missed = 0;
  let judged = 0;
  for (const s of results.sections) {
    if (s.error !== undefined) lines.push(`| ${s.number} | ${cell(s.title)} | — | — | — | — | — | failed: ${cell(s.error)} |`);
    for (const f of s.figures) {
      if (f.met !== null) judged += 1;
      if (f.met === false) missed += 1;
      const met = f.met === null ? '' : f.met ? 'yes' : '**no**';
      const spread = f.spread === undefined ? '—' : `${f.spread.low.toFixed(2)}–${f.spread.high.toFixed(2)}`;
      lines.push(
        `| ${s.number} | ${cell(f.figure)} | ${format(f.ours)} ${f.unit} | ${format(f.baseline)} ${f.unit} | ${f.ratio.toFixed(2)} | ${spread} | ${cell(f.goal)} | ${met} |`,
      );
    }
  }
  const failed = results.sections.filter((s) => s.error !== undefined).length;
  const ran = results.sections.map((s) => s.number).join(', ');
  lines.push('', `Figures run: ${ran}. ${judged - missed} of ${judged} goals met${failed > 0 ? `; ${failed} benchmark(s) failed` : ''}.`);
  return lines.join('\n');
}

if (!existsSync(resultsPath))
  fail(`no ${relative(process.cwd(), resultsPath) || resultsPath}: run \`npm run bench\` first, it writes bench/results.json`);
let results;
try {
  results = JSON.parse(readFileSync(resultsPath, 'utf8'));
} catch (error) {
  fail(`${resultsPath} is not JSON: ${error.message}`);
}
if (!Array.isArray(results?.sections) || typeof results.date !== 'string') fail(`${resultsPath} is not a bench run (no date or sections)`);

const doc = readFileSync(docPath, 'utf8');
const start = doc.indexOf(START);
const end = doc.indexOf(END);
if (start < 0 || end < start) fail(`${docPath} has no section between the markers\n  ${START}\n  ${END}`);
writeFileSync(docPath, `${doc.slice(0, start + START.length)}\n${section(results)}\n${doc.slice(end)}`);
process.stdout.write(`performance-doc: ${relative(process.cwd(), docPath)} now shows the run of ${results.date}\n`);
