#!/usr/bin/env node
// Runs n8n's own node CLI (`n8n-node`, @n8n/node-cli: the tool n8n's docs name for checking a community package)
// in a package folder: `node n8n-node.mjs <package dir> lint|cloud-support|…`, exit code and output as the CLI's.
// The CLI brings about 600 packages (700 MB, isolated-vm among them), so it is no devDependency: it is installed
// once, pinned, with --ignore-scripts, into the git-ignored .cache/ (as the scanner is, scan.mjs beside this file).
// n8n's default eslint.config.mjs imports '@n8n/node-cli/eslint', which ESLint loads as an ES module from the
// package folder (ES modules ignore NODE_PATH): a git-ignored node_modules/@n8n/node-cli link there resolves it,
// and the CLI's own dependencies resolve from its real folder in .cache/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import process from 'node:process';
import { cachedTool } from '../cached-tool.mjs';

export const NODE_CLI_VERSION = '0.48.3';
const cli = cachedTool('n8n-node-cli', '@n8n/node-cli', NODE_CLI_VERSION);
const cliPackage = cli.packageDir;

/** node_modules/@n8n/node-cli in the package folder, pointing at the cached CLI (relative, so a moved checkout keeps it). */
function linkCli(packageDir) {
  const link = join(packageDir, 'node_modules', '@n8n', 'node-cli');
  const target = relative(dirname(link), cliPackage);
  if (existsSync(link) && readlinkSync(link) === target) return;
  rmSync(link, { recursive: true, force: true });
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync(target, link, 'dir');
}

const [packageArgument, ...cliArguments] = process.argv.slice(2);
if (packageArgument === undefined || cliArguments.length === 0) {
  process.stderr.write('usage: node n8n-node.mjs <package dir> lint|cloud-support|build|…\n');
  process.exit(2);
}
const packageDir = resolve(packageArgument);
cli.ensure();
linkCli(packageDir);
// `n8n-node lint` runs `npm exec -- eslint .`: the eslint of the repository (the same 9.29 the CLI pins) or the CLI's.
const env = { ...process.env, PATH: `${join(cli.prefix, 'node_modules', '.bin')}:${process.env.PATH ?? ''}` };
const run = spawnSync(process.execPath, [join(cliPackage, 'bin', 'n8n-node.mjs'), ...cliArguments], {
  cwd: packageDir,
  env,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
