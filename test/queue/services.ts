/**
 * Debian's redis-server and postgresql for the queue-mode run: installed with apt-get only when missing, started on
 * loopback with throwaway data folders, and stopped by process id.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { background, waitForProcess, type Background } from '../real-n8n/machine';
import { freePort } from '../support/loopback';

const REDIS_SERVER = '/usr/bin/redis-server';
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The newest PostgreSQL's bin folder (Debian keeps them outside PATH), or undefined when none is installed. */
function postgresBin(): string | undefined {
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((name) => existsSync(path.join(POSTGRES_ROOT, name, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(POSTGRES_ROOT, versions[0], 'bin');
}

/** Installs what is missing of redis-server and postgresql; returns the packages it installed. */
export function ensureServicePackages(): string[] {
  const missing = [...(existsSync(REDIS_SERVER) ? [] : ['redis-server']), ...(postgresBin() === undefined ? ['postgresql'] : [])];
  if (missing.length === 0) return [];
  if (process.getuid?.() !== 0)
    throw new Error(`${missing.join(' and ')} missing: install them (sudo apt-get install ${missing.join(' ')}) or run as root`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  return missing;
}

export interface Service {
  port: number;
  pid: number;
  output: () => string;
  /** Stops the server as its own shutdown does and starts it again on the same port with the same data. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

async function waitForPort(port: number, process: Background, name: string): Promise<void> {
  const accepts = () =>
    new Promise<true | undefined>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(undefined));
    });
  await waitForProcess(process, `${name} to listen on port ${port}`, accepts, { timeoutMs: 30_000, intervalMs: 200 });
}

/**
 * redis-server on 127.0.0.1 in a throwaway folder, persisting as a production queue's Redis must: an append-only
 * file (written every second, and whole at shutdown), so n8n's queued jobs survive a restart of Redis.
 */
export async function startRedis(): Promise<Service> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'screenrec-redis-'));
  const port = await freePort();
  const launch = async () => {
    const started = background(
      REDIS_SERVER,
      ['--bind', '127.0.0.1', '--port', String(port), '--dir', folder, '--save', '', '--appendonly', 'yes', '--protected-mode', 'yes'],
      {},
    );
    await waitForPort(port, started, 'redis-server');
    return started;
  };
  let redis = await launch();
  let earlierOutput = '';
  return {
    port,
    get pid() {
      return redis.child.pid!;
    },
    output: () => earlierOutput + redis.output(),
    restart: async () => {
      // SIGTERM: Redis writes its append-only file and exits, as `redis-cli shutdown` or a container stop make it.
      await redis.stop();
      earlierOutput += redis.output();
      redis = await launch();
    },
    stop: async () => {
      await redis.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * PostgreSQL on 127.0.0.1 with a fresh cluster and an `n8n` database. PostgreSQL refuses to run as root, so as
 * root it runs as Debian's `postgres` user, in a throwaway folder that user owns.
 */
export async function startPostgres(): Promise<Service & { database: string; user: string }> {
  const bin = postgresBin();
  if (bin === undefined) throw new Error('PostgreSQL is not installed');
  const folder = mkdtempSync(path.join(os.tmpdir(), 'screenrec-postgres-'));
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? 'postgres' : os.userInfo().username;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(folder, uid, gid);
  }
  const as = (command: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const data = path.join(folder, 'data');
  const [initCommand, initArgs] = as(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    user,
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  execFileSync(initCommand, initArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await freePort();
  // Throwaway data: no fsync. The socket goes into the throwaway folder, not the system's /var/run/postgresql.
  const [command, args] = as(path.join(bin, 'postgres'), [
    '-D',
    data,
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-k',
    folder,
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
  ]);
  let postgres = background(command, args, {});
  await waitForPort(port, postgres, 'postgres');
  const database = 'n8n';
  const [createCommand, createArgs] = as(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', user, database]);
  // The port answers a moment before the server accepts connections: retry createdb briefly.
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync(createCommand, createArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
      break;
    } catch (error) {
      if (attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  let earlierOutput = '';
  const shutDown = async () => {
    // SIGINT is PostgreSQL's fast shutdown (SIGTERM waits for every client to leave).
    const pid = postgres.child.pid;
    if (pid !== undefined && postgres.child.exitCode === null && postgres.child.signalCode === null) {
      const exited = new Promise((resolve) => postgres.child.once('exit', resolve));
      process.kill(-pid, 'SIGINT');
      const timer = setTimeout(() => process.kill(-pid, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    // runuser may exit before the server it started: the server is gone when its pid file is.
    for (const deadline = Date.now() + 15_000; existsSync(path.join(data, 'postmaster.pid')) && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return {
    port,
    get pid() {
      return postgres.child.pid!;
    },
    database,
    user,
    output: () => earlierOutput + postgres.output(),
    restart: async () => {
      await shutDown();
      earlierOutput += postgres.output();
      postgres = background(command, args, {});
      await waitForPort(port, postgres, 'postgres');
    },
    stop: async () => {
      await shutDown();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
