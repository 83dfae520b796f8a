import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  background,
  cacheFolder,
  ensureNodeRuntime,
  machineBinary,
  machineRuntime,
  run,
  runAsync,
  type Background,
  type NodeRuntime,
} from './machine';
import { freePort } from '../support/loopback';
import { n8nRestClient, signInAsOwner, waitForN8n, type N8nRest } from './n8n-api';
import { N8N_TARGETS, NATIVE_MODULES_TO_BUILD, type N8nTarget } from './versions';

/** The oldest n8n the suite runs on (the one the package's n8n-workflow devDependency matches). */
export const N8N_VERSION = N8N_TARGETS[0]!.n8n;

interface N8nInstall {
  folder: string;
  bin: string;
  /** Ready once sqlite3's binding is built, the last install step: an interrupted install is redone. */
  ready: boolean;
}

function n8nInstall(repoRoot: string, target: N8nTarget): N8nInstall {
  const folder = path.join(cacheFolder(repoRoot), `n8n-${target.n8n}`);
  const bin = path.join(folder, 'node_modules', 'n8n', 'bin', 'n8n');
  const ready = existsSync(bin) && existsSync(path.join(folder, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node'));
  return { folder, bin, ready };
}

function writeManifest(folder: string, target: N8nTarget): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, 'package.json'),
    JSON.stringify({
      name: 'screenrec-real-n8n',
      private: true,
      dependencies: { n8n: target.n8n },
      // xlsx's tarball in n8n's tree points off the npm registry; this release is on it.
      overrides: { xlsx: '0.18.5' },
    }),
  );
}

/** An n8n CLI command (import, export, execute) takes 5 to 30 s here; one still running after this has hung. */
const CLI_TIMEOUT_MS = 180_000;

const NPM_QUIET = ['--no-audit', '--no-fund', '--loglevel=error'];
const INSTALL = ['install', '--omit=dev', '--ignore-scripts', ...NPM_QUIET];
const rebuildArgs = (folder: string) => [
  'rebuild',
  ...NATIVE_MODULES_TO_BUILD.filter((name) => existsSync(path.join(folder, 'node_modules', name, 'package.json'))),
  ...NPM_QUIET,
];

/**
 * Installs an n8n into a git-ignored cache folder once; later runs reuse it. Returns the path of its `bin/n8n`.
 * No install script runs except the native builds listed in versions.ts, against the runtime's Node headers.
 */
export function ensureN8n(
  repoRoot: string,
  target: N8nTarget = N8N_TARGETS[0]!,
  runtime: NodeRuntime = ensureNodeRuntime(repoRoot, target.node),
): string {
  const { folder, bin, ready } = n8nInstall(repoRoot, target);
  if (ready) return bin;
  writeManifest(folder, target);
  run(machineBinary('npm'), INSTALL, { cwd: folder, env: runtime.env() });
  run(machineBinary('npm'), rebuildArgs(folder), { cwd: folder, env: runtime.env() });
  return bin;
}

/** As ensureN8n, without blocking: the suite installs every version at once (downloads overlap). */
export async function ensureN8nAsync(repoRoot: string, target: N8nTarget, runtime: NodeRuntime): Promise<string> {
  const { folder, bin, ready } = n8nInstall(repoRoot, target);
  if (ready) return bin;
  writeManifest(folder, target);
  await runAsync(machineBinary('npm'), INSTALL, { cwd: folder, env: runtime.env() });
  await runAsync(machineBinary('npm'), rebuildArgs(folder), { cwd: folder, env: runtime.env() });
  return bin;
}

export interface N8nInstance {
  userFolder: string;
  /** The TMPDIR n8n runs with: the cancel check finds it empty after a stopped download. */
  tempFolder: string;
  runtime: NodeRuntime;
  env: NodeJS.ProcessEnv;
  /** Runs an n8n CLI command to completion and returns its stdout (blocks this process meanwhile). */
  cli: (args: string[]) => string;
  /** The same without blocking: for commands that call servers this process runs. */
  cliAsync: (args: string[]) => Promise<string>;
}

/** A fresh n8n user folder with our packed package installed as a community package. */
export async function prepareN8n(
  n8nBin: string,
  packageTarball: string,
  runtime: NodeRuntime = machineRuntime(),
  extraEnv: Record<string, string> = {},
): Promise<N8nInstance & { port: number; webhookUrl: string }> {
  const userFolder = mkdtempSync(path.join(os.tmpdir(), 'screenrec-n8n-'));
  const nodesFolder = path.join(userFolder, '.n8n', 'nodes');
  const tempFolder = path.join(userFolder, 'tmp');
  mkdirSync(nodesFolder, { recursive: true });
  mkdirSync(tempFolder);
  writeFileSync(path.join(nodesFolder, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }));
  // As n8n installs a community package: no peer install (n8n provides n8n-workflow), no scripts.
  run(
    machineBinary('npm'),
    ['install', packageTarball, '--legacy-peer-deps', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
    {
      cwd: nodesFolder,
      env: runtime.env(),
    },
  );
  const port = await freePort();
  const webhookUrl = `http://127.0.0.1:${port}/`;
  const env = runtime.env({
    N8N_USER_FOLDER: userFolder,
    TMPDIR: tempFolder,
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_PORT: String(port),
    N8N_RUNNERS_BROKER_PORT: String(await freePort()),
    WEBHOOK_URL: webhookUrl,
    N8N_ENCRYPTION_KEY: 'screenrec-real-n8n-test-key',
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_PERSONALIZATION_ENABLED: 'false',
    N8N_SECURE_COOKIE: 'false',
    ...extraEnv,
  });
  const cli = (args: string[]) => run(runtime.node, [n8nBin, ...args], { env, timeoutMs: CLI_TIMEOUT_MS });
  const cliAsync = (args: string[]) => runAsync(runtime.node, [n8nBin, ...args], { env, timeoutMs: CLI_TIMEOUT_MS });
  return { userFolder, tempFolder, runtime, env, cli, cliAsync, port, webhookUrl };
}

export interface N8nServer extends Background {
  baseUrl: string;
  /** Calls n8n's internal REST API as the owner. */
  rest: N8nRest;
}

/** Starts `n8n start`, waits for it to answer, and sets up the owner account (or, started again, logs in as the owner). */
export async function startN8n(
  n8nBin: string,
  instance: N8nInstance & { port: number },
  account: 'set up the owner' | 'log in' = 'set up the owner',
): Promise<N8nServer> {
  const server = background(instance.runtime.node, [n8nBin, 'start'], { env: instance.env });
  const baseUrl = `http://127.0.0.1:${instance.port}`;
  await waitForN8n(server, `${baseUrl}/healthz/readiness`, 'n8n');
  const rest = n8nRestClient(baseUrl, 'screenrec-real-n8n');
  await signInAsOwner(rest, account, 'n8n');
  return { ...server, baseUrl, rest };
}
