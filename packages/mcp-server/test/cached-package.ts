import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@screenrec/test-support/reference-server';

/**
 * The folder of `name@version`, installed once, pinned, with --ignore-scripts, into the git-ignored .cache/ (a
 * tool the suites run but the repository does not depend on, as n8n's scanner and node CLI are). Both MCP tools
 * installed this way need Node 22, the pinned Node jest runs on.
 */
export function cachedPackage(name: string, version: string): string {
  const prefix = path.join(REPO_ROOT, '.cache', `${name.replace(/^@/, '').replace('/', '-')}-${version}`);
  const folder = path.join(prefix, 'node_modules', ...name.split('/'));
  const manifest = path.join(folder, 'package.json');
  const installed = () => existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version === version;
  if (!installed()) {
    execFileSync(
      'npm',
      ['install', '--prefix', prefix, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', `${name}@${version}`],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
        timeout: 300_000,
      },
    );
  }
  return folder;
}
