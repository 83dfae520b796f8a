import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { background, machineBinary, machineEnv, run, type Background } from './machine';

export const N8N_VERSION = '2.3.6';

/** Installs the pinned n8n into a git-ignored cache folder once; later runs reuse it. */
export function ensureN8n(repoRoot: string): string {
  const folder = path.join(repoRoot, '.cache', `n8n-${N8N_VERSION}`);
  const bin = path.join(folder, 'node_modules', 'n8n', 'bin', 'n8n');
  if (existsSync(bin)) return bin;
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, 'package.json'),
    JSON.stringify({
      name: 'screenrec-real-n8n',
      private: true,
      dependencies: { n8n: N8N_VERSION },
      // xlsx's tarball in n8n's tree points off the npm registry; this release is on it.
      overrides: { xlsx: '0.18.5' },
    }),
  );
  run(machineBinary('npm'), ['install', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder });
  return bin;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface N8nInstance {
  userFolder: string;
  env: NodeJS.ProcessEnv;
  /** Runs an n8n CLI command to completion and returns its stdout. */
  cli: (args: string[]) => string;
}

/** A fresh n8n user folder with our packed package installed as a community package. */
export async function prepareN8n(n8nBin: string, packageTarball: string): Promise<N8nInstance & { port: number; webhookUrl: string }> {
  const userFolder = mkdtempSync(path.join(os.tmpdir(), 'screenrec-n8n-'));
  const nodesFolder = path.join(userFolder, '.n8n', 'nodes');
  mkdirSync(nodesFolder, { recursive: true });
  writeFileSync(path.join(nodesFolder, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }));
  // As n8n installs a community package: no peer install (n8n provides n8n-workflow), no scripts.
  run(machineBinary('npm'), ['install', packageTarball, '--legacy-peer-deps', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: nodesFolder,
  });
  const port = await freePort();
  const webhookUrl = `http://127.0.0.1:${port}/`;
  const env = machineEnv({
    N8N_USER_FOLDER: userFolder,
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_PORT: String(port),
    N8N_RUNNERS_BROKER_PORT: String(await freePort()),
    WEBHOOK_URL: webhookUrl,
    N8N_ENCRYPTION_KEY: 'screenrec-real-n8n-test-key',
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_PERSONALIZATION_ENABLED: 'false',
    N8N_SECURE_COOKIE: 'false',
  });
  const node = machineBinary('node');
  const cli = (args: string[]) => run(node, [n8nBin, ...args], { env });
  return { userFolder, env, cli, port, webhookUrl };
}

export interface N8nServer extends Background {
  baseUrl: string;
  /** Calls n8n's internal REST API as the owner. */
  rest: <T = unknown>(method: string, urlPath: string, body?: unknown) => Promise<{ status: number; body: T }>;
}

const BROWSER_ID = 'screenrec-real-n8n';

/** Starts `n8n start`, waits for it to answer, and sets up the owner account. */
export async function startN8n(n8nBin: string, instance: N8nInstance & { port: number }): Promise<N8nServer> {
  const server = background(machineBinary('node'), [n8nBin, 'start'], { env: instance.env });
  const baseUrl = `http://127.0.0.1:${instance.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`n8n exited with ${server.child.exitCode}:\n${server.output()}`);
    try {
      if ((await fetch(`${baseUrl}/healthz/readiness`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`n8n did not become ready within 120 s:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  let cookie = '';
  const rest = async <T,>(method: string, urlPath: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/rest${urlPath}`, {
      method,
      headers: { 'browser-id': BROWSER_ID, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie')?.match(/n8n-auth=[^;]+/);
    if (setCookie) cookie = setCookie[0];
    const text = await response.text();
    return { status: response.status, body: (text === '' || text.startsWith('<') ? text : JSON.parse(text)) as T };
  };
  // The health check answers before the REST routes are mounted: retry the first call until they are.
  const ownerAccount = { email: 'owner@example.com', firstName: 'Ada', lastName: 'Owner', password: 'Screenrec-test-1' };
  let owner = await rest('POST', '/owner/setup', ownerAccount);
  while (owner.status === 404 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    owner = await rest('POST', '/owner/setup', ownerAccount);
  }
  if (owner.status !== 200) throw new Error(`owner setup failed with ${owner.status}: ${JSON.stringify(owner.body)}`);
  return { ...server, baseUrl, rest };
}
