import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/reference-server';
import { ensureNodeRuntime, machineBinary, machineEnv, run, runAsync } from '../real-n8n/machine';
import { NPM_RUNTIMES, RUNTIME_VERSIONS, WORKERD_COMPATIBILITY_DATE, type NpmRuntime } from './versions';

/** A runtime ready to run: its binary, the version it reports, and the environment to run it in. */
export interface Runtime {
  binary: string;
  version: string;
  env: NodeJS.ProcessEnv;
}

/** Where installs are kept between runs: `.cache/`, or RUNTIMES_CACHE to time a cold run. */
export function runtimesCache(): string {
  return process.env.RUNTIMES_CACHE ?? path.join(REPO_ROOT, '.cache');
}

/**
 * Installs `<name>@<version>` (versions.ts) into `.cache/<name>-<version>` once, with the machine's npm; later runs
 * reuse it. A marker written after npm finishes tells a complete install from an interrupted one, which is redone.
 */
export async function ensureNpmRuntime(name: NpmRuntime): Promise<Runtime> {
  const { version, binary } = NPM_RUNTIMES[name];
  const folder = path.join(runtimesCache(), `${name}-${version}`);
  const marker = path.join(folder, 'installed');
  if (!existsSync(marker)) {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    await runAsync(
      machineBinary('npm'),
      ['install', '--prefix', folder, `${name}@${version}`, '--no-audit', '--no-fund', '--no-update-notifier', '--loglevel=error'],
      { cwd: folder, env: machineEnv(), timeoutMs: 300_000 },
    );
    writeFileSync(marker, `${version}\n`);
  }
  const env = machineEnv(name === 'deno' ? { DENO_DIR: path.join(folder, 'deno-dir'), DENO_NO_UPDATE_CHECK: '1' } : {});
  const executable = path.join(folder, 'node_modules', '.bin', binary);
  const reported = run(executable, ['--version'], { env, timeoutMs: 30_000 });
  // workerd names itself by its date ("workerd 2026-11-17"), the middle of its npm version (1.20261117.1).
  const expected = name === 'workerd' ? WORKERD_COMPATIBILITY_DATE : version;
  if (!reported.includes(expected)) throw new Error(`${executable} --version says ${reported.trim()}, not ${expected}`);
  return { binary: executable, version, env };
}

/**
 * A Node 20: the first `node` on the machine's PATH (node_modules/.bin left out) that is one, as on a maintainer's
 * machine; else, as in CI's Node 22 container, versions.ts's release from the registry's `node` package, once into
 * .cache/ (shared with the Node-RED suite).
 */
export function node20(): Runtime {
  for (const dir of (machineEnv().PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'node');
    if (dir === '' || !existsSync(candidate)) continue;
    const version = run(candidate, ['--version'], { timeoutMs: 30_000 }).trim();
    if (version.startsWith('v20.')) return { binary: candidate, version: version.slice(1), env: machineEnv() };
  }
  const installed = ensureNodeRuntime(REPO_ROOT, RUNTIME_VERSIONS.node20);
  return { binary: installed.node, version: installed.version.replace(/^v/, ''), env: installed.env() };
}

/** The Node 22 the repository pins (the devDependency `node`), as `npm run` puts it first on PATH. */
export function pinnedNode(): Runtime {
  const binary = path.join(REPO_ROOT, 'node_modules', '.bin', 'node');
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run npm ci (the repository pins Node 22 as the devDependency "node")`);
  return { binary, version: run(binary, ['--version'], { timeoutMs: 30_000 }).trim().replace(/^v/, ''), env: machineEnv() };
}
