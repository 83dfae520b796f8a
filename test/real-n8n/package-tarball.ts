import { readdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/reference-server';
import { run } from './machine';
import { PACKAGE } from './workflow-parts';

/**
 * Builds the reference server and one of our packages (the n8n package unless `workspace` names another), packs the
 * package into `workFolder` as npm would publish it, and returns the tarball's path. With `given` (a tarball already
 * made, one published say), only the server is built.
 */
export function packageTarball(workFolder: string, given?: string, workspace = PACKAGE): string {
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const npmRun = (...args: string[]) => run(npm[0]!, [...npm.slice(1), ...args, '--silent'], { cwd: REPO_ROOT, env: process.env });
  npmRun('run', 'build', ...(given ? [] : ['-w', workspace]), '-w', '@screenrec/reference-server');
  if (given) return path.resolve(given);
  npmRun('pack', '-w', workspace, '--pack-destination', workFolder);
  return path.join(workFolder, readdirSync(workFolder).find((file) => file.endsWith('.tgz'))!);
}
