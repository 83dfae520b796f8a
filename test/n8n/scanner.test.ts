import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// n8n's verification gate, run as n8n runs it (its own analyzePackage and ESLint configuration, offline): the sources
// and the packed tarball must have no error and no warning, so CI fails on any regression.

jest.setTimeout(240_000);

const PACKAGE_DIR = join(__dirname, '../../packages/n8n-nodes-screenrec');
const SCAN = join(__dirname, 'scanner/scan.mjs');

interface ScanReport {
  target: string;
  files: number;
  passed: boolean;
  errorCount: number;
  warningCount: number;
  messages: string[];
}

function scan(target: 'source' | 'tarball', dir: string): ScanReport {
  // NODE_ENV=test (jest sets it) switches n8n's lint plugin into its own test mode, with fake file names.
  const env = { ...process.env, NODE_ENV: 'production' };
  const run = spawnSync(process.execPath, [SCAN, target, dir], { encoding: 'utf8', env });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  if (!line.startsWith('{')) throw new Error(`the scanner did not report (exit ${run.status}):\n${run.stderr}`);
  return JSON.parse(line) as ScanReport;
}

// dist/ is built from the sources as they are now, once per jest run, by test/support/global-setup.js.

it('the sources pass with 0 errors and 0 warnings', () => {
  const report = scan('source', PACKAGE_DIR);
  expect(report.messages).toEqual([]);
  expect(report).toMatchObject({ passed: true, errorCount: 0, warningCount: 0 });
  expect(report.files).toBeGreaterThan(10);
});

it('the packed tarball passes with 0 errors and 0 warnings', () => {
  const report = scan('tarball', PACKAGE_DIR);
  expect(report.messages).toEqual([]);
  expect(report).toMatchObject({ passed: true, errorCount: 0, warningCount: 0 });
});

it('would catch a regression: a restricted global in shipped code fails the tarball scan', () => {
  const copy = mkdtempSync(join(tmpdir(), 'n8n-scan-regression-'));
  try {
    cpSync(PACKAGE_DIR, copy, { recursive: true, filter: (path) => !path.includes('node_modules') });
    appendFileSync(join(copy, 'dist/lib/index.js'), '\nsetTimeout(() => undefined, 1);\n');
    const report = scan('tarball', copy);
    expect(report.passed).toBe(false);
    expect(report.messages).toEqual([
      expect.stringMatching(/^dist\/lib\/index\.js:\d+ error @n8n\/community-nodes\/no-restricted-globals /),
    ]);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
