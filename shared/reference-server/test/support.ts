import type { Transport } from 'screenrec';
import type { Readable } from 'node:stream';
import type { HostResolver, ResolvedAddress } from '../src/address-policy';
import { buildServer, startServer, type InProcessServer, type ListeningServer, type ServerOptions } from '../src/server';

// fastify's inject() loads light-my-request, which requires `cookie` 2: an ES module that Jest's CommonJS runtime
// cannot load. light-my-request calls it only for inject()'s `cookies` option, which these suites never pass.
jest.mock('cookie', () => ({
  stringifySetCookie: () => {
    throw new Error('inject() with cookies is not supported in the reference-server suites');
  },
}));

export interface Answer {
  status: number;
  headers: Headers;
  /** The body as sent (a video's bytes); `text` is the same read as UTF-8. */
  bytes: Buffer;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

export interface Call {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as JSON (with its content type unless one is given). */
  body?: unknown;
  /** Sent as it is. */
  raw?: string | Buffer | Readable;
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

const QUIET: ServerOptions = { logLevel: 'silent', insecureCallbacks: true, retryDelayMs: 20, resolveHost: fixedResolver() };

/** A silent reference server in this process, not listening (reach it with clientsOf), http callbacks allowed, no DNS. */
export function buildQuietServer(options: ServerOptions = {}): Promise<InProcessServer> {
  return buildServer({ ...QUIET, ...options });
}

/** The same on an ephemeral loopback port, for the tests that need a socket (raw connections, timeouts, streaming). */
export function startQuietServer(options: ServerOptions = {}): Promise<ListeningServer> {
  return startServer({ port: 0, ...QUIET, ...options });
}

function prepare(call: Call): { method: string; headers: Record<string, string>; payload: string | Buffer | Readable | undefined } {
  const headers: Record<string, string> = { ...call.headers };
  let payload = call.raw;
  if (call.body !== undefined) {
    payload = JSON.stringify(call.body);
    headers['content-type'] ??= 'application/json';
  }
  return { method: call.method ?? (payload === undefined ? 'GET' : 'POST'), headers, payload };
}

function answerOf(status: number, headers: Headers, bytes: Buffer): Answer {
  const text = bytes.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, headers, bytes, text, json };
}

/** Over the wire, with fetch. */
export async function send(url: string, call: Call = {}): Promise<Answer> {
  const { method, headers, payload } = prepare(call);
  const body = payload === undefined || typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : undefined;
  const response = await fetch(url, { method, headers, body });
  return answerOf(response.status, response.headers, Buffer.from(await response.arrayBuffer()));
}

/** The same request through fastify's inject(): no socket, no port. `target` is a path, or a link of this server. */
export async function inject(server: InProcessServer, target: string, call: Call = {}): Promise<Answer> {
  const { method, headers, payload } = prepare(call);
  const url = new URL(target, server.publicUrl);
  const response = await server.app.inject({ method: method as 'GET', url: `${url.pathname}${url.search}`, headers, payload });
  const answerHeaders = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answerHeaders.append(name, String(one));
  }
  return answerOf(response.statusCode, answerHeaders, response.rawPayload);
}

export type Clients = ReturnType<typeof clientsOf>;

/** A quiet in-process server and its clients, for a suite's beforeAll. */
export async function buildWithClients(options: ServerOptions = {}): Promise<{ server: InProcessServer; clients: Clients }> {
  const server = await buildQuietServer(options);
  return { server, clients: clientsOf(server) };
}

/** Client helpers bound to one server, through inject(): the hook endpoint, the REST API of a workspace, the admin API. */
export function clientsOf(server: InProcessServer) {
  const request = (target: string, call?: Call) => inject(server, target, call);
  const admin = (method: string, path: string, body?: unknown) =>
    request(`/admin${path}`, { method, headers: { 'x-admin-token': server.adminToken }, body });
  const hook = (provider: string, token: string | undefined, body: unknown) =>
    request(`/public/webhooks/${provider}`, { method: 'POST', headers: token === undefined ? {} : { 'x-service-token': token }, body });
  const rest = (method: string, path: string, body?: unknown, apiKey = server.demo.apiKey, workspaceId = server.demo.workspaceId) =>
    request(`/public/integration/${workspaceId}${path}`, { method, headers: { authorization: `Bearer ${apiKey}` }, body });
  return { request, admin, hook, rest };
}

/** A transport for core's clients that goes through inject(): the client's request, answered without a socket. */
export function injectTransport(server: InProcessServer): Transport {
  return async (request) => {
    const answer = await inject(server, request.url, { method: request.method, headers: request.headers, raw: request.body });
    return { status: answer.status, headers: Object.fromEntries(answer.headers), body: answer.text };
  };
}

/** For waitUntil: what these suites wait for (a delivery, a file) changes in milliseconds, so it is looked at often. */
export const POLL = { intervalMs: 10 };

export const UNKNOWN_ID = '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c';
