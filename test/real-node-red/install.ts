import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../support/reference-server';
import { ensureNodeRuntime, machineBinary, machineEnv, machineRuntime, run, runAsync, type NodeRuntime } from '../real-n8n/machine';
import type { NodeRedTarget } from './versions';

/** Where Node-RED and node-red-dev installs are kept between runs: `.cache/`, or NODE_RED_CACHE to time a cold run. */
export function nodeRedCache(): string {
  return process.env.NODE_RED_CACHE ?? path.join(REPO_ROOT, '.cache');
}

/** The Node a target runs on (see versions.ts), first on PATH so that npm runs on it too. */
export function runtimeFor(target: NodeRedTarget): NodeRuntime {
  if (target.node !== 'pinned') {
    const machine = machineRuntime();
    return machine.version.startsWith('v20.') ? machine : ensureNodeRuntime(REPO_ROOT, target.node.node20);
  }
  const node = path.join(REPO_ROOT, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(node)) throw new Error(`${node} is missing: run npm ci (the repository pins Node 22 as the devDependency "node")`);
  const env = (extra: Record<string, string> = {}) => {
    const base = machineEnv(extra);
    return { ...base, PATH: `${path.dirname(node)}${path.delimiter}${base.PATH ?? ''}` };
  };
  return { node, version: run(node, ['--version'], { env: env() }).trim(), env };
}

const NPM_QUIET = ['--no-audit', '--no-fund', '--no-update-notifier', '--loglevel=error'];

export interface NodeRedInstall {
  target: NodeRedTarget;
  runtime: NodeRuntime;
  /** node-red's red.js, run by `runtime.node`. */
  redJs: string;
  /** The install's node_modules, where the editor's and runtime's own libraries are. */
  modules: string;
}

/**
 * Installs `node-red@<version>` into `.cache/node-red-<version>` once, with the target's own Node and npm; later runs
 * reuse it. A marker written after npm finishes tells a complete install from an interrupted one.
 */
export async function ensureNodeRed(target: NodeRedTarget): Promise<NodeRedInstall> {
  const runtime = runtimeFor(target);
  const folder = path.join(nodeRedCache(), `node-red-${target.nodeRed}`);
  const modules = path.join(folder, 'node_modules');
  const marker = path.join(folder, 'installed');
  if (!existsSync(marker)) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      path.join(folder, 'package.json'),
      JSON.stringify({ name: 'screenrec-real-node-red', private: true, dependencies: { 'node-red': target.nodeRed } }),
    );
    await runAsync(machineBinary('npm'), ['install', '--omit=dev', ...NPM_QUIET], { cwd: folder, env: runtime.env() });
    writeFileSync(marker, `${runtime.version}\n`);
  }
  return { target, runtime, redJs: path.join(modules, 'node-red', 'red.js'), modules };
}

/**
 * A fresh Node-RED user directory with our packed package installed as Node-RED's palette manager installs a module
 * (the same npm arguments; `--omit=dev` and `--engine-strict`, so the tarball must bring all it needs and admit
 * this Node).
 */
export function freshUserDir(install: NodeRedInstall, tarball: string): string {
  const userDir = mkdtempSync(path.join(os.tmpdir(), `screenrec-node-red-${install.target.nodeRed}-`));
  writeFileSync(
    path.join(userDir, 'package.json'),
    JSON.stringify({ name: 'node-red-project', description: 'A Node-RED Project', version: '0.0.1', private: true }),
  );
  run(machineBinary('npm'), ['install', ...NPM_QUIET, '--save', '--save-prefix=~', '--omit=dev', '--engine-strict', tarball], {
    cwd: userDir,
    env: install.runtime.env(),
  });
  return userDir;
}
