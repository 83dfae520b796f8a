import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HostResolver, ResolvedAddress } from '../../shared/reference-server/src/address-policy';
import { startServer, type RunningServer, type ServerOptions } from '../../shared/reference-server/src/server';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

/**
 * A resolver that never leaves the machine: names in `table` resolve to their addresses, `localhost` to loopback,
 * everything else fails as an unknown name would. The suites use it so no test sends a DNS query.
 */
export function fixedResolver(table: Record<string, string[]> = {}): HostResolver {
  return async (hostname) => {
    const addresses = hostname === 'localhost' ? ['127.0.0.1'] : table[hostname.toLowerCase()];
    if (addresses === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

/** A reference server on an ephemeral port, silent, with http callbacks allowed, fast retries and no DNS. */
export function startQuietServer(options: ServerOptions = {}): Promise<RunningServer> {
  return startServer({ port: 0, logLevel: 'silent', insecureCallbacks: true, retryDelayMs: 20, resolveHost: fixedResolver(), ...options });
}

export async function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; raw?: string | Buffer } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | Buffer | undefined = init.raw;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Client helpers bound to one server: the hook endpoint, the REST API of a workspace, the admin API. */
export function clientsOf(server: RunningServer) {
  const admin = (method: string, path: string, body?: unknown) =>
    send(`${server.baseUrl}/admin${path}`, { method, headers: { 'x-admin-token': server.adminToken }, body });
  const hook = (provider: string, token: string | undefined, body: unknown) =>
    send(`${server.baseUrl}/public/webhooks/${provider}`, { headers: token === undefined ? {} : { 'x-service-token': token }, body });
  const rest = (method: string, path: string, body?: unknown, apiKey = server.demo.apiKey, workspaceId = server.demo.workspaceId) =>
    send(`${server.baseUrl}/public/integration/${workspaceId}${path}`, { method, headers: { authorization: `Bearer ${apiKey}` }, body });
  return { admin, hook, rest };
}

export interface CaughtCall {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

/** A loopback callback receiver answering with the statuses given in turn (the last one repeats). */
export async function startCatcher(statuses: number[] = [200]): Promise<{ url: string; calls: CaughtCall[]; close(): Promise<void> }> {
  const calls: CaughtCall[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls.push({ method: request.method ?? '', url: request.url ?? '', contentType: request.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = statuses[Math.min(calls.length - 1, statuses.length - 1)] ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/catch`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const UNKNOWN_ID = '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c';
