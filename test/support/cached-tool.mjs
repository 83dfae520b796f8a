// A tool that cannot be a devDependency, installed once, pinned, with --ignore-scripts, into the git-ignored
// .cache/ of the repository: n8n's node CLI (n8n-checks/n8n-node.mjs), n8n's scanner (n8n-checks/scan.mjs) and Redocly's CLI
// (test/docs/redocly.mjs).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * npm package `name` at `version` in .cache/<folder>/: its install prefix, its own folder, and `ensure()`, which
 * installs it unless that version is there already.
 */
export function cachedTool(folder, name, version) {
  const prefix = join(repoRoot, '.cache', folder);
  const packageDir = join(prefix, 'node_modules', ...name.split('/'));
  const ensure = () => {
    const manifest = join(packageDir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === version) return;
    execFileSync('npm', ['install', '--prefix', prefix, '--ignore-scripts', '--no-audit', '--no-fund', `${name}@${version}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  };
  return { prefix, packageDir, ensure };
}
