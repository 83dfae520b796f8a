import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The release path: what `npm publish` would upload, and the GitHub workflow that publishes it with provenance.

jest.setTimeout(120_000);

/** js-yaml comes with jest (no types of its own here). */
const { load } = jest.requireActual<{ load: (text: string) => unknown }>('js-yaml');

const REPO_ROOT = join(__dirname, '../..');
const PACKAGE_DIR = join(REPO_ROOT, 'packages/n8n-nodes-screenrec');

// dist/ is what the package's build task wrote: the jest task runs after it (turbo.json), and `npm run build` first
// when a suite runs on its own.

// The bound catches a bundle that grows by accident (a second copy of core or zod): the credential's authenticate and
// core's rule for where each secret goes took it past 60 kB, by design.
it('npm publish --dry-run uploads only dist, README, LICENSE and package.json, in at most 64 kB', () => {
  const output = execFileSync('npm', ['publish', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: PACKAGE_DIR,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const published = Object.values(JSON.parse(output) as Record<string, { size: number; files: Array<{ path: string }> }>)[0]!;
  const paths = published.files.map((file) => file.path);
  expect(paths.filter((path) => !path.startsWith('dist/')).sort()).toEqual(['LICENSE', 'README.md', 'package.json']);
  expect(paths.filter((path) => path.startsWith('dist/')).length).toBeGreaterThanOrEqual(9);
  expect(published.size).toBeLessThanOrEqual(64_000);
});

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
  'working-directory'?: string;
  env?: Record<string, string>;
}

it('the publish workflow runs on the package tag and by hand, on Node 22, tests, and publishes with provenance', () => {
  const workflow = load(readFileSync(join(REPO_ROOT, '.github/workflows/publish-n8n.yml'), 'utf8')) as {
    on: { push: { tags: string[] }; workflow_dispatch: unknown };
    permissions: Record<string, string>;
    jobs: { publish: { steps: Step[] } };
  };
  expect(workflow.on.push.tags).toEqual(['n8n-nodes-screenrec@*.*.*']);
  expect('workflow_dispatch' in workflow.on).toBe(true);
  expect(workflow.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
  const { steps } = workflow.jobs.publish;
  expect(steps.find((step) => step.uses?.startsWith('actions/setup-node'))?.with?.['node-version']).toBe(22);
  const runs = steps.map((step) => step.run?.trim()).filter((run): run is string => run !== undefined);
  const order = ['npm ci --no-audit --no-fund', 'npm test', 'npm publish --provenance --access public'].map((command) =>
    runs.indexOf(command),
  );
  expect(order.every((index) => index >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  const publish = steps.find((step) => step.run?.trim() === 'npm publish --provenance --access public');
  expect(publish?.['working-directory']).toBe('packages/n8n-nodes-screenrec');
  // What the package's prepublishOnly guard asks for (GitHub Actions sets GITHUB_ACTIONS itself).
  expect(publish?.env).toEqual({ RELEASE_MODE: 'true' });
});

it('npm publish outside the provenance workflow is refused before anything is packed; inside it, it goes ahead', () => {
  const copy = mkdtempSync(join(tmpdir(), 'n8n-publish-guard-'));
  try {
    for (const entry of ['package.json', 'pack-manifest.mjs', 'publish-guard.mjs', 'README.md', 'LICENSE', 'dist'])
      cpSync(join(PACKAGE_DIR, entry), join(copy, entry), { recursive: true });
    const publish = (env: Record<string, string>) => {
      const { RELEASE_MODE: _mode, GITHUB_ACTIONS: _actions, ...rest } = process.env;
      return spawnSync('npm', ['publish', '--dry-run'], { cwd: copy, encoding: 'utf8', env: { ...rest, ...env } });
    };
    const fromLaptop = publish({});
    expect(fromLaptop.status).not.toBe(0);
    expect(fromLaptop.stderr).toContain(
      'n8n-nodes-screenrec is published only by the "Publish n8n package" GitHub workflow, with npm provenance',
    );
    expect(fromLaptop.stderr).not.toContain('Tarball Contents');
    // It sends the maintainer to a heading that is there.
    expect(fromLaptop.stderr).toContain('see docs/maintaining.md, "Releasing", in the package');
    expect(readFileSync(join(__dirname, '../../packages/n8n-nodes-screenrec/docs/maintaining.md'), 'utf8')).toMatch(/^## Releasing$/m);
    expect(publish({ GITHUB_ACTIONS: 'true' }).status).not.toBe(0);
    const fromWorkflow = publish({ GITHUB_ACTIONS: 'true', RELEASE_MODE: 'true' });
    expect([fromWorkflow.status, fromWorkflow.stderr]).toEqual([0, expect.stringContaining('Tarball Contents')]);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
