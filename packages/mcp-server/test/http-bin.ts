import { spawn } from 'node:child_process';
import { MCP_BIN } from './stdio-bin';

export interface HttpBin {
  /** http://127.0.0.1:PORT/mcp */
  url: string;
  port: number;
  /** Everything the server wrote to stderr so far. */
  stderr: () => string;
  /** SIGTERM, resolving with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the built bin with --http (or --hosted, which says where it listens in the same words), as a user does from a
 * terminal, and waits for its "listening on" line: as long as the bin takes to start (jest's timeout is the only
 * limit), failing at once, with its stderr, if it exits first.
 */
export async function startHttpBin(env: Record<string, string>, port = 0, mode: '--http' | '--hosted' = '--http'): Promise<HttpBin> {
  const child = spawn(process.execPath, [MCP_BIN, mode, '--port', String(port)], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const listening = /listening on (http:\/\/127\.0\.0\.1:(\d+)\/mcp)/;
  const [, url, actualPort] = await new Promise<RegExpExecArray>((resolve, reject) => {
    const look = () => {
      const said = listening.exec(stderr);
      if (said === null) return;
      child.stderr.off('data', look);
      resolve(said);
    };
    child.stderr.on('data', look);
    void exited.then((code) => reject(new Error(`the server exited (${code}) before saying where it listens: ${stderr}`)));
  });
  return {
    url: url!,
    port: Number(actualPort),
    stderr: () => stderr,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
