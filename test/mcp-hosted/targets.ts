import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { background, waitForProcess, type Background } from '../real-n8n/machine';
import { freePort } from '../support/loopback';
import { REPO_ROOT } from '../support/reference-server';
import { pinnedNode, type Runtime } from '../runtimes/install';
import { writeWorkerdConfig } from '../runtimes/workerd-config';

export const PACKAGE = path.join(REPO_ROOT, 'packages/mcp-server');
const NODE_BIN = path.join(PACKAGE, 'dist/main.js');
export const WRANGLER_CONFIG = path.join(PACKAGE, 'wrangler.jsonc');

/** The hosted endpoint, running: where it answers and what it wrote to its stdout and stderr. */
export interface Target {
  name: 'workerd' | 'Node';
  /** http://127.0.0.1:PORT/mcp */
  url: string;
  version: string;
  /** The serving process's id (the load suite reads its memory). */
  pid: number | undefined;
  output: () => string;
  stop: () => Promise<void>;
}

/** What the checked-in wrangler.jsonc deploys: its module, date, flags and vars. */
export interface WranglerConfig {
  main: string;
  no_bundle?: boolean;
  compatibility_date: string;
  compatibility_flags?: string[];
  vars: Record<string, string>;
}

/** wrangler.jsonc as wrangler reads it: JSON with comments (whole lines here), and no trailing commas. */
export function wranglerConfig(): WranglerConfig {
  const text = readFileSync(WRANGLER_CONFIG, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');
  return JSON.parse(text) as WranglerConfig;
}

/**
 * The Worker as `wrangler deploy` ships it: the bundle wrangler.jsonc names, with its compatibility date and flags,
 * and its vars as text bindings but for SCREENREC_BASE_URL, which is this run's service (the deployer's choice).
 * workerd's outbound network is loopback, where the service and every other listener of the suite are.
 */
export async function startWorkerd(workerd: Runtime, folder: string, baseUrl: string): Promise<Target> {
  const config = wranglerConfig();
  copyFileSync(path.join(PACKAGE, config.main), path.join(folder, 'worker.js'));
  const port = await freePort();
  const capnp = path.join(folder, 'hosted.capnp');
  writeWorkerdConfig(capnp, {
    service: 'mcp',
    port,
    module: 'worker.js',
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags ?? [],
    textBindings: { ...config.vars, SCREENREC_BASE_URL: baseUrl },
  });
  const server = background(workerd.binary, ['serve', capnp], { cwd: folder, env: workerd.env });
  const url = `http://127.0.0.1:${port}/mcp`;
  await waitForProcess(
    server,
    'workerd serving the hosted endpoint',
    async () =>
      (await fetch(url, { method: 'POST', signal: AbortSignal.timeout(2000) }).catch(() => undefined))?.status === 401 ? true : undefined,
    { timeoutMs: 30_000, intervalMs: 200 },
  );
  return targetOf('workerd', url, workerd.version, server);
}

/** The one command docs/hosted.md gives for Node: the bin with --hosted, SCREENREC_BASE_URL in its environment. */
export async function startNode(baseUrl: string): Promise<Target> {
  const node = pinnedNode();
  const server = background(node.binary, [NODE_BIN, '--hosted', '--port', '0'], {
    cwd: PACKAGE,
    env: { PATH: process.env.PATH, SCREENREC_BASE_URL: baseUrl },
  });
  const url = await waitForProcess(
    server,
    'the Node hosted endpoint saying where it listens',
    async () => /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(server.output())?.[1],
    { timeoutMs: 30_000, intervalMs: 100 },
  );
  return targetOf('Node', url, node.version, server);
}

function targetOf(name: Target['name'], url: string, version: string, server: Background): Target {
  return { name, url, version, pid: server.child.pid, output: server.output, stop: server.stop };
}
