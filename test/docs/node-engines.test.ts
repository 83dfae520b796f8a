import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

// The README tells a contributor which Node to start with, and which engine warnings `npm ci` gives on it: every
// package the lockfile installs must accept the oldest Node the root's engines allow, but for the ones named here,
// which run only on the pinned Node 22 (the `node` devDependency runs every npm script).

const REPO_ROOT = join(__dirname, '../..');
/** Installed on the oldest Node too, with a warning: the README names each. */
const WARNED_ON_OLDEST_NODE = ['cookie', 'undici'];

interface LockedPackage {
  version?: string;
  optional?: boolean;
  engines?: { node?: string } | string[];
}

const root = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> };
const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const oldestNode = semver.minVersion(root.engines.node)!.version;

it("the README names the oldest Node the root's engines allow", () => {
  expect(readme).toContain(`You need Node ${oldestNode.replace(/\.0$/, '')} or newer`);
});

it('every installed package accepts that Node, but those the README names as the warnings npm ci gives', () => {
  const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    // npm skips an optional package whose engines refuse the Node it runs on, without a warning.
    if (range === undefined || entry.optional === true || semver.satisfies(oldestNode, range)) return [];
    return [path.replace(/^.*node_modules\//, '')];
  });
  expect([...new Set(refusing)].sort()).toEqual(WARNED_ON_OLDEST_NODE);
  for (const name of WARNED_ON_OLDEST_NODE) expect(readme).toContain(`\`${name}@`);
});
