import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

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

export function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): string {
  try {
    return execFileSync(command, args, { cwd: options.cwd, env: options.env ?? machineEnv(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const failure = error as { status?: number; stdout?: string; stderr?: string };
    throw new Error(`${path.basename(command)} ${args.join(' ')} exited with ${failure.status}:\n${failure.stdout ?? ''}\n${failure.stderr ?? ''}`);
  }
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
