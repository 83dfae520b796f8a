#!/usr/bin/env node
// Runs n8n's verification gate (@n8n/scan-community-package, the scanner n8n runs before it lists a community
// package) over the n8n package, offline: `node scan.mjs source <package dir>` lints the sources as `n8n-node lint`
// and the gate do; `node scan.mjs tarball <package dir>` packs the package, unpacks the tarball and lints every file
// of it as the gate does; `node scan.mjs source tarball <package dir>` does both. Prints one JSON line
// { target, files, passed, errorCount, warningCount, messages } per target and exits 1 on any error or warning.
// The scanner cannot be a devDependency (its eslint-plugin-n8n-nodes-base dependency has a preinstall
// `npx only-allow pnpm` that breaks `npm ci`), so it is installed once into the git-ignored .cache/.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { cachedTool } from '../cached-tool.mjs';

export const SCANNER_VERSION = '0.32.0';
const scannerTool = cachedTool('n8n-scanner', '@n8n/scan-community-package', SCANNER_VERSION);
const scannerPackage = scannerTool.packageDir;

/** npm pack into a temporary folder, unpacked: exactly the files the registry would serve. */
function unpackedTarball(packageDir) {
  const folder = mkdtempSync(join(tmpdir(), 'n8n-pack-'));
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', folder], {
    cwd: packageDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tarball = readdirSync(folder).find((name) => name.endsWith('.tgz'));
  execFileSync('tar', ['-xzf', tarball, '-C', folder], { cwd: folder });
  return { dir: join(folder, 'package'), cleanUp: () => rmSync(folder, { recursive: true, force: true }) };
}

const TARGETS = ['source', 'tarball'];
const packageArgument = process.argv.at(-1);
const targets = process.argv.slice(2, -1);
if (targets.length === 0 || !targets.every((target) => TARGETS.includes(target)) || packageArgument === undefined) {
  process.stderr.write('usage: node scan.mjs source|tarball [source|tarball] <package dir>\n');
  process.exit(2);
}
scannerTool.ensure();
const scanner = await import(pathToFileURL(join(scannerPackage, 'scanner', 'scanner.mjs')).href);
const requireFromScanner = createRequire(join(scannerPackage, 'package.json'));
const { ESLint } = requireFromScanner('eslint');

// analyzePackage passes on warnings, and the bar is zero of both: its own lint's results, kept as its ESLint returns
// them, are counted too (linting the files a second time with the same configuration would double the run).
let linted = [];
const { lintFiles } = ESLint.prototype;
ESLint.prototype.lintFiles = async function keepResults(...args) {
  const results = await lintFiles.apply(this, args);
  linted.push(...results);
  return results;
};

/** One target's report (several targets share one process: the scanner loads once). */
async function scan(target, packageDir) {
  const unpacked = target === 'tarball' ? unpackedTarball(packageDir) : undefined;
  const dir = unpacked?.dir ?? packageDir;
  // The gate's own file sets: the sources as `n8n-node lint` sees them, and every file of the tarball.
  const patterns = target === 'source' ? scanner.SOURCE_FILE_PATTERNS : ['**/*.js', '**/*.ts', '**/*.json'];
  linted = [];
  try {
    const verdict = await scanner.analyzePackage(dir, patterns);
    const results = linted;
    const messages = results.flatMap((result) =>
      result.messages.map(
        (message) =>
          `${result.filePath.slice(dir.length + 1)}:${message.line} ${message.severity === 2 ? 'error' : 'warning'} ${message.ruleId} ${message.message}`,
      ),
    );
    return {
      target,
      files: results.length,
      passed: verdict.passed,
      errorCount: results.reduce((sum, result) => sum + result.errorCount, 0),
      warningCount: results.reduce((sum, result) => sum + result.warningCount, 0),
      messages,
    };
  } finally {
    unpacked?.cleanUp();
  }
}

for (const target of targets) {
  const report = await scan(target, resolve(packageArgument));
  process.stdout.write(`${JSON.stringify(report)}\n`);
  if (!(report.passed && report.errorCount === 0 && report.warningCount === 0)) process.exitCode = 1;
}
