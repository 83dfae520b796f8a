import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_DIR, n8nNode } from './node-cli/run-cli';

// n8n's node CLI still refuses a package that breaks n8n's rules, so its passes in node-cli.test.ts mean
// something. Three more runs of the CLI on copies of the package: too long for `npm test`.

jest.setTimeout(300_000);

/** A copy of the package's n8n-facing files, to show the checks fail when the package breaks a rule. */
function brokenCopy(change: (dir: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'n8n-node-cli-'));
  for (const entry of ['package.json', 'eslint.config.mjs', 'credentials', 'nodes', 'lib', 'icons'])
    cpSync(join(PACKAGE_DIR, entry), join(dir, entry), { recursive: true });
  change(dir);
  return dir;
}

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
