import { execFile } from 'node:child_process';
import { join } from 'node:path';

const TEN_MINUTES = 10 * 60_000;

export interface CommandOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/** Runs a command to its end; its output comes back, and with it the reason when it fails. */
export function runCommand(command: string, args: string[], options: CommandOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd,
        env: { ...process.env, DISABLE_ZAPIER_ANALYTICS: '1', NO_UPDATE_NOTIFIER: '1', ...options.env },
        maxBuffer: 64 * 1024 * 1024,
        timeout: options.timeoutMs ?? TEN_MINUTES,
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${command} ${args.join(' ')} (in ${options.cwd}) failed: ${error.message}\n${stderr.slice(-2000)}`));
        else resolve(stdout);
      },
    );
  });
}

/** What a cold process (cold-start.ts) measured of itself: its CPU time, and for some modes its own timing. */
export interface ColdStart {
  ms?: number;
  cpuMs: number;
}

/** Runs cold-start.ts in a fresh `node` process: what it printed last, with `ms` the spawn-to-exit time unless it timed itself. */
export async function coldStart(args: string[], cwd: string): Promise<Required<ColdStart>> {
  const started = performance.now();
  const output = await runCommand(process.execPath, [COLD_START_SCRIPT, ...args], { cwd });
  const ms = performance.now() - started;
  const last = output.trim().split('\n').at(-1) ?? '';
  const measured = JSON.parse(last) as ColdStart;
  return { ms: measured.ms ?? ms, cpuMs: measured.cpuMs };
}

/** The script a cold process runs (test/bench/cold-start.ts, bundled beside main.js). */
export const COLD_START_SCRIPT = join(__dirname, 'cold-start.js');
