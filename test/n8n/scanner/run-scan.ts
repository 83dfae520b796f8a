import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

// Runs scan.mjs (n8n's verification gate, offline) as a child process and reads its one-line JSON report.

export const PACKAGE_DIR = join(__dirname, '../../../packages/n8n-nodes-screenrec');
const SCAN = join(__dirname, '../../support/n8n-checks/scan.mjs');

export interface ScanReport {
  target: string;
  files: number;
  passed: boolean;
  errorCount: number;
  warningCount: number;
  messages: string[];
}

/** Scans each target in one process (the scanner loads once), reports in the order asked. */
export function scanAll(targets: Array<'source' | 'tarball'>, dir: string): ScanReport[] {
  // NODE_ENV=test (jest sets it) switches n8n's lint plugin into its own test mode, with fake file names.
  const env = { ...process.env, NODE_ENV: 'production' };
  const run = spawnSync(process.execPath, [SCAN, ...targets, dir], { encoding: 'utf8', env });
  const reports = run.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as ScanReport);
  if (reports.length !== targets.length) throw new Error(`the scanner did not report (exit ${run.status}):\n${run.stderr}`);
  return reports;
}

export const scan = (target: 'source' | 'tarball', dir: string): ScanReport => scanAll([target], dir)[0]!;
