import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { DemoWorkspace } from '../../shared/reference-server/src/server';

export type ChildCommand =
  | { kind: 'reference'; retryDelayMs?: number }
  | { kind: 'seed'; count: number }
  | { kind: 'seed-data-file'; dataFile: string; count: number }
  | { kind: 'rss' }
  | { kind: 'cpu' }
  | { kind: 'bare' }
  | { kind: 'answer'; status: number; body: string }
  | { kind: 'fan-out-loop' }
  | { kind: 'targets'; urls: string[] };

export type ChildReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

export interface ReferenceInfo {
  baseUrl: string;
  adminToken: string;
  demo: DemoWorkspace;
}

/** A server process under test (child.ts, bundled beside this file's bundle). */
export class Child {
  private readonly process: ChildProcess;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 0;

  constructor(name: string) {
    this.process = fork(join(__dirname, 'child.js'), [name], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: ['--expose-gc'] });
    this.process.on('message', (reply: ChildReply) => {
      const waiter = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.ok) waiter?.resolve(reply.result);
      else waiter?.reject(new Error(`${name}: ${reply.error}`));
    });
    this.process.on('exit', (code) => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(`${name} exited with ${code}`));
      this.pending.clear();
    });
  }

  send<T>(command: ChildCommand): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.process.send({ id, command });
    });
  }

  /**
   * The child's CPU time so far (user + system, µs, all its threads). Taken before and after a round, it gives the
   * server's own cost per request, which the load generator's CPU in the parent does not blur.
   */
  cpuMicros(): Promise<number> {
    return this.send<number>({ kind: 'cpu' });
  }

  /** Disconnecting makes the child close its servers and exit; a child that hangs is killed. */
  async close(): Promise<void> {
    if (this.process.exitCode !== null || !this.process.connected) return;
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    this.process.disconnect();
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
}

/** Starts the reference server in `child`, with --insecure-callbacks (the receivers are on loopback). */
export function startReference(child: Child, retryDelayMs?: number): Promise<ReferenceInfo> {
  return child.send<ReferenceInfo>({ kind: 'reference', retryDelayMs });
}

/** Runs `body` with the child processes it spawns, and stops them all whatever happens. */
export async function withChildren<T>(body: (spawn: (name: string) => Child) => Promise<T>): Promise<T> {
  const children: Child[] = [];
  try {
    return await body((name) => {
      const child = new Child(name);
      children.push(child);
      return child;
    });
  } finally {
    await Promise.all(children.map((child) => child.close()));
  }
}
