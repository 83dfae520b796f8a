/**
 * Which proxy a request goes through, read from HTTPS_PROXY, HTTP_PROXY and NO_PROXY (lower case first) by the rules
 * of undici's EnvHttpProxyAgent, which Node's own NODE_USE_ENV_PROXY uses too: an https URL takes HTTPS_PROXY, else
 * HTTP_PROXY; an http URL takes HTTP_PROXY; NO_PROXY `*` bypasses every proxy, and each of its entries (separated by
 * commas or white space, `host` or `host:port`, a leading `.` or `*.` ignored) bypasses that host and its subdomains.
 * Pure: the environment is passed in, so this file runs anywhere and its rules are tested without touching process.
 */
export type ProxyEnvironment = Readonly<Record<string, string | undefined>>;

export type ProxyVariable = 'HTTPS_PROXY' | 'HTTP_PROXY';

export interface ProxyRoute {
  /** The variable the proxy came from, as a user would set it. */
  variable: ProxyVariable;
  /** The proxy's address (http:// added when written without a scheme), credentials included: only for the agent, never for a message. */
  address: string;
  /** `host:port` of the proxy, the only way a message names it (the address may carry user:password). */
  label: string;
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

/** The proxy `url` goes through, or undefined when none is set for it or NO_PROXY bypasses it. */
export function proxyRoute(url: string, env: ProxyEnvironment): ProxyRoute | undefined {
  const target = new URL(url);
  const http = variable(env, 'HTTP_PROXY');
  const https = target.protocol === 'https:' ? (variable(env, 'HTTPS_PROXY') ?? http) : http;
  if (https === undefined || bypassed(target, env.no_proxy ?? env.NO_PROXY ?? '')) return undefined;
  return { ...https, label: proxyLabel(https.address) };
}

/** Whether any proxy variable is set at all: without one, nothing about proxies is even loaded. */
export function anyProxySet(env: ProxyEnvironment): boolean {
  return variable(env, 'HTTP_PROXY') !== undefined || variable(env, 'HTTPS_PROXY') !== undefined;
}

/**
 * Whether Node's own fetch already follows the proxy variables: Node 22.21 and later (and 24) do when started with
 * NODE_USE_ENV_PROXY=1 or --use-env-proxy. Core then leaves proxying to Node, so a request is never proxied twice.
 */
export function nodeFollowsProxyVariables(nodeVersion: string, env: ProxyEnvironment, execArgv: readonly string[]): boolean {
  const [major = 0, minor = 0] = nodeVersion.split('.').map(Number);
  const capable = major >= 24 || (major === 22 && minor >= 21);
  const asked =
    env.NODE_USE_ENV_PROXY === '1' ||
    execArgv.includes('--use-env-proxy') ||
    (env.NODE_OPTIONS ?? '').split(/\s+/).includes('--use-env-proxy');
  return capable && asked;
}

function variable(env: ProxyEnvironment, name: ProxyVariable): { variable: ProxyVariable; address: string } | undefined {
  const written = env[name.toLowerCase()] ?? env[name];
  if (written === undefined || written.trim() === '') return undefined;
  // `proxy.example:3128`, as curl takes it, is an http proxy.
  return { variable: name, address: written.includes('://') ? written.trim() : `http://${written.trim()}` };
}

/** `host:port`, the port always written; the address's user and password left out. An unreadable address is named by its variable only. */
export function proxyLabel(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'the proxy address given';
  }
  return `${url.hostname}:${url.port === '' ? String(DEFAULT_PORTS[url.protocol] ?? '') : url.port}`;
}

function bypassed(target: URL, noProxy: string): boolean {
  if (noProxy === '*') return true;
  const hostname = target.host.replace(/:\d*$/, '').toLowerCase();
  const port = Number.parseInt(target.port, 10) || (DEFAULT_PORTS[target.protocol] ?? 0);
  return noProxy
    .split(/[,\s]/)
    .filter((entry) => entry !== '')
    .some((entry) => {
      const parsed = /^(.+):(\d+)$/.exec(entry);
      const host = (parsed?.[1] ?? entry).replace(/^\*?\./, '').toLowerCase();
      const entryPort = parsed?.[2] === undefined ? 0 : Number.parseInt(parsed[2], 10);
      if (entryPort !== 0 && entryPort !== port) return false;
      return hostname === host || hostname.endsWith(`.${host}`);
    });
}
