import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

// Runs n8n-node.mjs (n8n's own node CLI, installed on first use into .cache/) as a child process.

export const PACKAGE_DIR = join(__dirname, '../../../packages/n8n-nodes-screenrec');
const N8N_NODE = join(__dirname, '../../support/n8n-checks/n8n-node.mjs');
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The CLI's output without its colours and box drawing, and its exit code. */
export function n8nNode(packageDir: string, ...args: string[]): { status: number | null; output: string } {
  // NODE_ENV=test (jest sets it) switches n8n's lint plugin into its own test mode, with fake file names.
  const run = spawnSync(process.execPath, [N8N_NODE, packageDir, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const output = `${run.stdout}${run.stderr}`.replace(COLOURS, '');
  return { status: run.status, output };
}
