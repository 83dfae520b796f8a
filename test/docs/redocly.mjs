#!/usr/bin/env node
// Runs Redocly's OpenAPI linter (`redocly lint`, @redocly/cli) from the repository root: `node redocly.mjs lint
// docs/openapi.json`, exit code and output as the CLI's. It is no devDependency: it is installed once, pinned, with
// --ignore-scripts, into the git-ignored .cache/ (as n8n's node CLI is, test/n8n/node-cli/n8n-node.mjs). Its
// telemetry and update check are off: the lint reads nothing but the files it is given and redocly.yaml.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import process from 'node:process';
import { cachedTool, repoRoot } from '../support/cached-tool.mjs';

export const REDOCLY_CLI_VERSION = '2.77.0';
const cli = cachedTool('redocly-cli', '@redocly/cli', REDOCLY_CLI_VERSION);

cli.ensure();
const run = spawnSync(process.execPath, [join(cli.packageDir, 'bin', 'cli.js'), ...process.argv.slice(2)], {
  cwd: repoRoot,
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
