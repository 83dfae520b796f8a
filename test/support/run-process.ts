import { spawn } from 'node:child_process';

export interface ProcessRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end and returns what it printed and how it exited; a failing exit is not an error here.
 * With `timeoutMs`, a command still running then is killed and exits with `null`, so a hung run ends its test.
 */
export async function runProcess(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<ProcessRun> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], timeout: options.timeoutMs });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  return { exitCode, stdout, stderr };
}
