import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export type ProxyEvent =
  | { event: 'listening'; port: number }
  | { event: 'connect'; target: string; allowed: boolean }
  | { event: 'request'; via: 'tunnel' | 'forward'; target: string; method: string; path: string; allowed?: boolean };

export interface ForwardingProxy {
  /** http://127.0.0.1:PORT */
  address: string;
  /** 127.0.0.1:PORT, as a message names it */
  label: string;
  /** Every event so far, in order. */
  events: ProxyEvent[];
  stop(): Promise<void>;
}

/**
 * Starts proxy-process.mjs (npm `proxy`) as its own process: `--refuse` answers every request 407,
 * `--credentials user:password` wants them. Resolves once it listens.
 */
export async function startForwardingProxy(args: string[] = []): Promise<ForwardingProxy> {
  const child = spawn(process.execPath, [path.join(__dirname, 'proxy-process.mjs'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const events: ProxyEvent[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const event = JSON.parse(line) as ProxyEvent;
      events.push(event);
      if (event.event === 'listening') resolve(event.port);
    });
    void exited.then(() => reject(new Error(`the proxy exited before listening: ${stderr}`)));
  });
  return {
    address: `http://127.0.0.1:${port}`,
    label: `127.0.0.1:${port}`,
    events,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
