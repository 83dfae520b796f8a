// `npm run check:dependencies` (a stage of .ci/stages): every direct dependency of every workspace must admit the major of its
// package's latest release on the npm registry, but those scripts/dependency-drift/allowances.ts names with the
// reason. A registry that cannot be read fails the check: it never passes without having compared.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ALLOWANCES } from './dependency-drift/allowances';
import { DEPENDENCY_FIELDS, isSkipped, judge, type Declaration } from './dependency-drift/verdict';

const REPO_ROOT = resolve(__dirname, '..');
const REQUEST_TIMEOUT_MS = 15_000;
const ATTEMPTS = 2;
const PARALLEL_REQUESTS = 6;

interface Manifest {
  name?: string;
  workspaces?: string[];
  [field: string]: unknown;
}

const readManifest = (folder: string) => JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Manifest;

/** The root and each folder its "workspaces" names (a folder, or `folder/*`), as npm reads them. */
function workspaceFolders(): string[] {
  const patterns = readManifest(REPO_ROOT).workspaces ?? [];
  const folders = patterns.flatMap((pattern) => {
    if (pattern.endsWith('/*') && !/[*?[{]/.test(pattern.slice(0, -2))) {
      const parent = join(REPO_ROOT, pattern.slice(0, -2));
      return readdirSync(parent, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(parent, entry.name, 'package.json')))
        .map((entry) => join(parent, entry.name));
    }
    if (/[*?[{]/.test(pattern)) throw new Error(`workspace pattern ${pattern}: only a folder or folder/* is read`);
    return [join(REPO_ROOT, pattern)];
  });
  return [REPO_ROOT, ...folders];
}

function declarations(): { declarations: Declaration[]; workspaceNames: Set<string> } {
  const manifests = workspaceFolders().map((folder) => ({
    path: relative(REPO_ROOT, join(folder, 'package.json')),
    manifest: readManifest(folder),
  }));
  const workspaceNames = new Set(manifests.flatMap(({ manifest }) => (manifest.name === undefined ? [] : [manifest.name])));
  const found = manifests.flatMap(({ path, manifest }) =>
    DEPENDENCY_FIELDS.flatMap((field) =>
      Object.entries((manifest[field] ?? {}) as Record<string, string>).map(([name, range]) => ({ manifest: path, field, name, range })),
    ),
  );
  // A workspace's own package is the one in this repository, whatever its range says.
  return { declarations: found.filter((declaration) => !workspaceNames.has(declaration.name)), workspaceNames };
}

/** The registry npm uses here: `npm run` passes its configuration on; run directly, npm is asked. */
function registry(): string {
  const configured = process.env.npm_config_registry ?? execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
  return configured.endsWith('/') ? configured : `${configured}/`;
}

// fetch's own error is "fetch failed"; what went wrong (ENOTFOUND, ECONNREFUSED, a certificate) is its cause.
const reasonOf = (error: unknown): string =>
  error instanceof Error && error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : String(error);

/** The latest release of `name`; a network error, a timeout or a 5xx is tried again once. */
async function latestRelease(base: string, name: string): Promise<string> {
  const url = `${base}-/package/${name.replace('/', '%2f')}/dist-tags`;
  let failure = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), headers: { accept: 'application/json' } });
    } catch (error) {
      failure =
        error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s` : reasonOf(error);
      continue;
    }
    if (response.ok) {
      const tags = (await response.json()) as { latest?: unknown };
      if (typeof tags.latest === 'string') return tags.latest;
      throw new Error(`${url} names no latest release`);
    }
    failure = `answered ${response.status}`;
    if (response.status < 500 && response.status !== 429) break;
  }
  throw new Error(`${url}: ${failure}`);
}

/** Each name's latest release, a few requests at a time; every name that could not be read, with why. */
async function latestReleases(base: string, names: readonly string[]): Promise<{ latest: Map<string, string>; failures: string[] }> {
  const latest = new Map<string, string>();
  const failures: string[] = [];
  const queue = [...names];
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      try {
        latest.set(name, await latestRelease(base, name));
      } catch (error) {
        failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_REQUESTS }, worker));
  return { latest, failures: failures.sort() };
}

async function main(): Promise<number> {
  const { declarations: found } = declarations();
  const names = [...new Set(found.filter((declaration) => !isSkipped(declaration.range)).map((declaration) => declaration.name))].sort();
  const base = registry();
  const { latest, failures } = await latestReleases(base, names);
  if (failures.length > 0) {
    for (const failure of failures) console.log(`registry: ${failure}`);
    console.log(
      `dependency drift: failed, the registry ${base} did not give the latest release of ${failures.length} of ${names.length} packages`,
    );
    return 1;
  }
  const { problems, allowed } = judge(found, latest, ALLOWANCES);
  for (const line of allowed) console.log(`allowed: ${line}`);
  for (const line of problems) console.log(`fails: ${line}`);
  const compared = found.filter((declaration) => !isSkipped(declaration.range)).length;
  const summary = `${compared} ranges of ${names.length} packages against ${base}`;
  console.log(problems.length === 0 ? `dependency drift: passed (${summary})` : `dependency drift: ${problems.length} failed (${summary})`);
  return problems.length === 0 ? 0 : 1;
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(`dependency drift: failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
