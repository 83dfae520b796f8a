import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_DIR, n8nNode } from './node-cli/run-cli';

// n8n's own node CLI, as n8n's reviewers and its docs use it on a community package: `n8n-node cloud-support` must
// find the package eligible for n8n Cloud and `n8n-node lint` (strict mode: n8n's default ESLint config, unchanged)
// must pass. The CLI is installed on first use into .cache/ (test/support/n8n-checks/n8n-node.mjs). That both still fail a package
// that breaks n8n's rules is checked in `npm run test:tools` (node-cli-regression.tools.test.ts).

jest.setTimeout(300_000);

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
