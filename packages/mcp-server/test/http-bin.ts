import { spawn } from 'node:child_process';
import { waitUntil } from '@screenrec/test-support/wait';
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

/** Starts the built bin with --http, as a user does from a terminal, and waits for its "listening on" line. */
export async function startHttpBin(env: Record<string, string>, port = 0): Promise<HttpBin> {
  const child = spawn(process.execPath, [MCP_BIN, '--http', '--port', String(port)], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const listening = /listening on (http:\/\/127\.0\.0\.1:(\d+)\/mcp)/;
  const [, url, actualPort] = await waitUntil('the server to say where it listens', (note) => listening.exec(note(stderr)) ?? undefined, {
    timeoutMs: 15_000,
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
