import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../support/reference-server';
import { runProcess } from '../../support/run-process';
import type { AuthData } from './environment';

export const ZAPIER_APP_DIR = path.join(REPO_ROOT, 'packages/zapier');
const BIN_DIR = path.join(REPO_ROOT, 'node_modules/.bin');

export interface CliRun {
  exitCode: number | null;
  stdout: string;
  /** stderr with the CLI's ` ›   ` error margins and its line wrapping undone, for reading messages whole. */
  stderr: string;
}

/**
 * Runs `zapier-platform invoke … --non-interactive` in packages/zapier as a maintainer does, on the repo's
 * pinned Node (the CLI refuses Node < 22). The connection goes in as `authData_<field>` environment
 * variables, which invoke reads just like the lines of a `.env` file, so no file is written; HOME is a
 * fresh temporary folder, so the CLI neither reads nor writes the user's Zapier settings; analytics and the
 * update check are off, so nothing leaves the machine.
 */
export async function zapierInvoke(args: string[], authData: AuthData): Promise<CliRun> {
  const home = await mkdtemp(path.join(tmpdir(), 'zapier-cli-home-'));
  try {
    const inherited = Object.entries(process.env).filter(([name]) => !name.startsWith('authData_'));
    const env: NodeJS.ProcessEnv = {
      ...Object.fromEntries(inherited),
      ...Object.fromEntries(Object.entries(authData).map(([field, value]) => [`authData_${field}`, value])),
      HOME: home,
      PATH: `${BIN_DIR}${path.delimiter}${process.env.PATH ?? ''}`,
      DISABLE_ZAPIER_ANALYTICS: '1',
      NO_UPDATE_NOTIFIER: '1',
      FORCE_COLOR: '0',
    };
    const { exitCode, stdout, stderr } = await runProcess(path.join(BIN_DIR, 'zapier-platform'), ['invoke', ...args, '--non-interactive'], { cwd: ZAPIER_APP_DIR, env });
    return { exitCode, stdout, stderr: unwrapErrorMargins(stderr) };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

/**
 * invoke loads `packages/zapier/.env` over the environment (dotenv with override), so a developer's own
 * `.env` (README: "Trying it against the reference server") would silently redirect these runs.
 */
export function assertNoDotEnv(): void {
  if (existsSync(path.join(ZAPIER_APP_DIR, '.env'))) {
    throw new Error('packages/zapier/.env exists and would override the connection these CLI tests pass to `zapier-platform invoke`: move it away and run again.');
  }
}

function unwrapErrorMargins(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/^ ›\s*/, ' ').trimEnd())
    .join('\n')
    .replace(/\n /g, ' ')
    .replace(/ {2,}/g, ' ');
}
