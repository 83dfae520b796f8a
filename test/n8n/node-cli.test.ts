import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// n8n's own node CLI, as n8n's reviewers and its docs use it on a community package: `n8n-node cloud-support` must
// find the package eligible for n8n Cloud and `n8n-node lint` (strict mode: n8n's default ESLint config, unchanged)
// must pass. The CLI is installed on first use into .cache/ (node-cli/n8n-node.mjs).

jest.setTimeout(300_000);

const PACKAGE_DIR = join(__dirname, '../../packages/n8n-nodes-screenrec');
const N8N_NODE = join(__dirname, 'node-cli/n8n-node.mjs');
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The CLI's output without its colours and box drawing, and its exit code. */
function n8nNode(packageDir: string, ...args: string[]): { status: number | null; output: string } {
  // NODE_ENV=test (jest sets it) switches n8n's lint plugin into its own test mode, with fake file names.
  const run = spawnSync(process.execPath, [N8N_NODE, packageDir, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const output = `${run.stdout}${run.stderr}`.replace(COLOURS, '');
  return { status: run.status, output };
}

/** A copy of the package's n8n-facing files, to show the checks fail when the package breaks a rule. */
function brokenCopy(change: (dir: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'n8n-node-cli-'));
  for (const entry of ['package.json', 'eslint.config.mjs', 'credentials', 'nodes', 'lib', 'icons'])
    cpSync(join(PACKAGE_DIR, entry), join(dir, entry), { recursive: true });
  change(dir);
  return dir;
}

it('n8n-node cloud-support finds the package eligible for n8n Cloud verification', () => {
  const { status, output } = n8nNode(PACKAGE_DIR, 'cloud-support');
  expect(status).toBe(0);
  expect(output).toContain('Cloud support is ENABLED');
  expect(output).toContain('Strict mode: enabled');
  expect(output).toContain('ESLint config: using default config');
  expect(output).toContain('Status: eligible for n8n Cloud verification');
});

it("n8n-node lint passes, strict mode with n8n's default ESLint config", () => {
  expect(readFileSync(join(PACKAGE_DIR, 'eslint.config.mjs'), 'utf8').replace(/\s+/g, ' ').trim()).toBe(
    "import { config } from '@n8n/node-cli/eslint'; export default config;",
  );
  const { status, output } = n8nNode(PACKAGE_DIR, 'lint');
  expect(output).not.toMatch(/\d+ problems?|Strict mode violation|error/i);
  expect(status).toBe(0);
});

it('would catch a regression: a changed ESLint config is refused, and a timer in a node fails the lint', () => {
  const changedConfig = brokenCopy((dir) =>
    writeFileSync(
      join(dir, 'eslint.config.mjs'),
      "import { config } from '@n8n/node-cli/eslint';\nexport default [...config, { rules: {} }];\n",
    ),
  );
  const timerInNode = brokenCopy((dir) =>
    writeFileSync(join(dir, 'nodes/Timer.ts'), 'export const later = () => setTimeout(() => undefined, 1);\n'),
  );
  try {
    expect(n8nNode(changedConfig, 'cloud-support').output).toContain('NOT eligible for n8n Cloud verification');
    const refused = n8nNode(changedConfig, 'lint');
    expect([refused.status, refused.output.includes('Strict mode violation')]).toEqual([1, true]);
    const timer = n8nNode(timerInNode, 'lint');
    expect(timer.status).toBe(1);
    expect(timer.output).toMatch(/nodes\/Timer\.ts\s+1:\d+\s+error\s+.*@n8n\/community-nodes\/no-restricted-globals/);
  } finally {
    for (const dir of [changedConfig, timerInNode]) rmSync(dir, { recursive: true, force: true });
  }
});
