import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/reference-server';
import { indexOfRun, nodeMajorOf, readWorkflow, stepsOf, tagFilterMatches, type Step } from './workflow-file';

// Each released package goes out from its own workflow, started by the tag `changeset git-tag` makes for it
// (<package name>@<version>), and publishes exactly the version `changeset version` wrote into its package.json.

interface Release {
  workflow: string;
  folder: string;
  /** The command that ships it, the last step that matters. */
  ships: string;
  /** npm packages: published with provenance through npm's trusted publishing (OIDC). */
  npm: boolean;
  /** Tags that name the package another way (older docs). */
  otherTagPrefixes: string[];
}

const RELEASES: Release[] = [
  {
    workflow: 'publish-n8n.yml',
    folder: 'packages/n8n-nodes-screenrec',
    ships: 'npm publish --provenance --access public',
    npm: true,
    otherTagPrefixes: [],
  },
  {
    workflow: 'publish-mcp.yml',
    folder: 'packages/mcp-server',
    ships: 'npm publish --provenance --access public -w @screenrec/mcp-server',
    npm: true,
    otherTagPrefixes: [],
  },
  {
    workflow: 'publish-node-red.yml',
    folder: 'packages/node-red-screenrec',
    ships: 'npm publish --provenance --access public -w @screenrec/node-red-screenrec',
    npm: true,
    otherTagPrefixes: [],
  },
  {
    workflow: 'publish-core.yml',
    folder: 'packages/core',
    ships: 'npm publish --provenance --access public -w packages/core',
    npm: true,
    otherTagPrefixes: [],
  },
  { workflow: 'push-zapier.yml', folder: 'packages/zapier', ships: 'npx zapier-platform push', npm: false, otherTagPrefixes: ['zapier'] },
];

/** The version a package has before its first `changeset version`: nothing of it is released yet. */
const NEVER_RELEASED = '0.0.0';

/** The packages the pending changesets in .changeset/ name. */
function pendingChangesetPackages(): Set<string> {
  const folder = path.join(REPO_ROOT, '.changeset');
  const names = new Set<string>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.md') && name !== 'README.md')) {
    const frontMatter = /^---\n([\s\S]*?)\n---/.exec(readFileSync(path.join(folder, file), 'utf8'))?.[1] ?? '';
    for (const match of frontMatter.matchAll(/^"([^"]+)":/gm)) names.add(match[1]!);
  }
  return names;
}

const packageOf = (folder: string) =>
  JSON.parse(readFileSync(path.join(REPO_ROOT, folder, 'package.json'), 'utf8')) as { name: string; version: string; private?: boolean };

/** Runs the version check as the workflow does, for a push of `tag`. */
function checkTag(step: Step, tag: string): { status: number | null; output: string } {
  const result = spawnSync('bash', ['-c', step.run!], { cwd: REPO_ROOT, env: { ...process.env, GITHUB_REF_NAME: tag }, encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe.each(RELEASES)('$workflow', ({ workflow: file, folder, ships, npm, otherTagPrefixes }) => {
  const workflow = readWorkflow(file);
  const steps = stepsOf(workflow);
  const { name, version } = packageOf(folder);
  const tagCheck = steps.find((step) => step.run?.includes('.ci/check-tag.mjs'));

  it(`starts on the tag changeset makes, ${name}@X.Y.Z${npm ? ', and by hand' : ''}`, () => {
    const filters = workflow.on.push?.tags ?? [];
    expect(filters.some((filter) => tagFilterMatches(filter, `${name}@${version}`))).toBe(true);
    const othersTags = RELEASES.filter((other) => other.folder !== folder).map((other) => `${packageOf(other.folder).name}@${version}`);
    expect(othersTags.filter((tag) => filters.some((filter) => tagFilterMatches(filter, tag)))).toEqual([]);
    expect('workflow_dispatch' in workflow.on).toBe(npm);
  });

  it('installs with npm ci on Node 22, runs npm test, then ships', () => {
    expect(nodeMajorOf(workflow)).toBe(22);
    const order = ['npm ci --no-audit --no-fund', 'npm test', ships].map((command) => indexOfRun(steps, command));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('ships only with the released-fields snapshot refreshed for this build', () => {
    const order = ['npm test', 'npm run contracts:snapshot -- --check', ships].map((command) => indexOfRun(steps, command));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  if (npm) {
    it('publishes with provenance, allowed to ask GitHub for its OIDC identity (id-token: write), with npm 11', () => {
      expect(workflow.permissions?.['id-token']).toBe('write');
      expect(ships).toContain('--provenance');
      expect(indexOfRun(steps, 'npm install --global npm@11')).toBeGreaterThanOrEqual(0);
    });
  }

  it('checks the tag against package.json before it ships, on every tag push', () => {
    expect(tagCheck).toBeDefined();
    expect(steps.indexOf(tagCheck!)).toBeLessThan(indexOfRun(steps, ships));
    expect(tagCheck!.if ?? "github.event_name == 'push'").toBe("github.event_name == 'push'");
  });

  it(`accepts ${name}@${version}${otherTagPrefixes.map((prefix) => ` and ${prefix}@${version}`).join('')}, the version package.json has`, () => {
    for (const prefix of [name, ...otherTagPrefixes]) expect(checkTag(tagCheck!, `${prefix}@${version}`)).toMatchObject({ status: 0 });
  });

  it('refuses a tag naming another version, and says what to do', () => {
    const { status, output } = checkTag(tagCheck!, `${name}@99.0.0`);
    expect(status).toBe(1);
    expect(output).toContain(`::error::The tag is ${name}@99.0.0 but ${folder}/package.json has version ${version}`);
    expect(output).toContain('npx changeset version');
  });

  if (version === NEVER_RELEASED) {
    it('is not released yet: its changelog has no entry, and a pending changeset names it for the first release', () => {
      const changelog = readFileSync(path.join(REPO_ROOT, folder, 'CHANGELOG.md'), 'utf8');
      expect(changelog).toBe(`# ${name}\n`);
      expect(pendingChangesetPackages().has(name)).toBe(true);
    });
  } else {
    it(`has a changelog whose newest entry is the version it would ship (${version})`, () => {
      const changelog = readFileSync(path.join(REPO_ROOT, folder, 'CHANGELOG.md'), 'utf8');
      expect(changelog.startsWith(`# ${name}\n`)).toBe(true);
      expect(/^## (\S+)$/m.exec(changelog)?.[1]).toBe(version);
    });
  }
});

it('changesets versions the five released packages (the private Zapier app too) and never the reference server', () => {
  const config = JSON.parse(readFileSync(path.join(REPO_ROOT, '.changeset/config.json'), 'utf8')) as {
    ignore: string[];
    privatePackages: { version: boolean; tag: boolean };
  };
  expect(packageOf('packages/zapier').private).toBe(true);
  expect(packageOf('packages/core').private).toBeUndefined();
  expect(config.privatePackages).toEqual({ version: true, tag: true });
  expect(config.ignore).toEqual([packageOf('shared/reference-server').name]);
});

it('the SDK runs every runtime before it ships', () => {
  const steps = stepsOf(readWorkflow('publish-core.yml'));
  const order = ['npm test', 'npm run test:runtimes', 'npm publish --provenance --access public -w packages/core'].map((command) =>
    indexOfRun(steps, command),
  );
  expect(order.every((index) => index >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
});
