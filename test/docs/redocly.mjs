#!/usr/bin/env node
// Runs Redocly's OpenAPI linter (`redocly lint`, @redocly/cli) from the repository root: `node redocly.mjs lint
// docs/openapi.json`, exit code and output as the CLI's. It is no devDependency: it is installed once, pinned, with
// --ignore-scripts, into the git-ignored .cache/ (as n8n's node CLI is, test/n8n/node-cli/n8n-node.mjs). Its
// telemetry and update check are off: the lint reads nothing but the files it is given and redocly.yaml.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

export const REDOCLY_CLI_VERSION = '2.77.0';
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const prefix = join(repoRoot, '.cache', 'redocly-cli');
const cliPackage = join(prefix, 'node_modules', '@redocly', 'cli');

function ensureCli() {
  const manifest = join(cliPackage, 'package.json');
  if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === REDOCLY_CLI_VERSION) return;
  execFileSync(
    'npm',
    ['install', '--prefix', prefix, '--ignore-scripts', '--no-audit', '--no-fund', `@redocly/cli@${REDOCLY_CLI_VERSION}`],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

ensureCli();
const run = spawnSync(process.execPath, [join(cliPackage, 'bin', 'cli.js'), ...process.argv.slice(2)], {
  cwd: repoRoot,
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
