import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

// Runs redocly.mjs (Redocly's OpenAPI linter, installed on first use into .cache/) on one file, stylish output.

const REPO_ROOT = join(__dirname, '../..');
export const DOCUMENT = join(REPO_ROOT, 'docs/openapi.json');
const REDOCLY = join(__dirname, 'redocly.mjs');
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

export function redoclyLint(file: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [REDOCLY, 'lint', '--format=stylish', file], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.replace(COLOURS, '') };
}
