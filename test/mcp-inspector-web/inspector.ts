import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { cachedPackage } from '../../packages/mcp-server/test/cached-package';

/** The MCP Inspector whose web client renders MCP Apps: pinned, installed on first use (it is no devDependency). */
export const INSPECTOR_VERSION = '2.12.0';

export interface McpServerEntry {
  command: string;
  args: string[];
  env: Record<string, string>;
}

export interface RunningInspector {
  url: string;
  logs: () => string;
  stop: () => Promise<void>;
}

/** A free loopback port: the web client needs fixed ports (its origin allow-list and the sandbox's CSP name them). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * The Inspector's web client on 127.0.0.1, serving one server (`--config`, a read-only session, so the page lists
 * it by its name). Its own sign-in token is off: only this machine reaches it, for the run's length. HOME is a
 * temporary folder (the Inspector keeps settings in ~/.mcp-inspector) and secrets stay in memory.
 */
export async function startInspector(serverName: string, server: McpServerEntry): Promise<RunningInspector> {
  const inspector = cachedPackage('@modelcontextprotocol/inspector', INSPECTOR_VERSION);
  const home = mkdtempSync(path.join(os.tmpdir(), 'screenrec-inspector-home-'));
  const config = path.join(home, 'mcp.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { [serverName]: { type: 'stdio', ...server } } }), { mode: 0o600 });
  const [port, sandboxPort, appOriginPort] = [await freePort(), await freePort(), await freePort()];
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(inspector, 'clients', 'web', 'build', 'index.js'), '--config', config], {
    cwd: home,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      HOST: '127.0.0.1',
      CLIENT_PORT: String(port),
      MCP_SANDBOX_PORT: String(sandboxPort),
      MCP_APP_ORIGIN_PORT: String(appOriginPort),
      DANGEROUSLY_OMIT_AUTH: 'true',
      MCP_AUTO_OPEN_ENABLED: 'false',
      MCP_INSPECTOR_SECRET_STORE: 'memory',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(home, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the Inspector did not start within 30 s:\n${output}`)), 30_000);
      const poll = setInterval(() => {
        if (output.includes('is up and running')) {
          clearInterval(poll);
          clearTimeout(timer);
          resolve();
        }
      }, 100);
      child.once('exit', (code) => {
        clearInterval(poll);
        clearTimeout(timer);
        reject(new Error(`the Inspector exited (${code}) before it was up:\n${output}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, logs: () => output, stop };
}
