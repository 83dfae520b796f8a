import { ProxyError } from '../errors/error-classes.js';
import { proxyAddressInvalidMessage, proxySupportMissingMessage } from '../errors/messages.js';
import { anyProxySet, nodeFollowsProxyVariables, proxyRoute, type ProxyEnvironment, type ProxyRoute } from './env-proxy.js';

/** How one request reaches the service: with which fetch, through which dispatcher, and past which proxy. */
export interface FetchRoute {
  fetchImpl: typeof fetch;
  /** An undici dispatcher for fetch's `dispatcher` option. */
  dispatcher?: object;
  /** The proxy the request goes through, to name it when it fails. */
  proxy?: ProxyRoute;
}

interface NodeProcess {
  env: ProxyEnvironment;
  execArgv: readonly string[];
  versions: { node: string };
}

/** The parts of undici core uses: its fetch (the dispatcher's own version, whatever Node's fetch is) and ProxyAgent. */
interface Undici {
  fetch: typeof fetch;
  ProxyAgent: new (options: { uri: string; proxyTunnel?: boolean }) => object;
}

/**
 * On Node, a request for which HTTPS_PROXY or HTTP_PROXY names a proxy (and NO_PROXY does not bypass it) goes through
 * undici's ProxyAgent with undici's fetch, unless Node's own fetch already follows those variables
 * (NODE_USE_ENV_PROXY=1), which then proxies it alone. Deno and Bun follow them in their own fetch, and Workers and
 * browsers have no such variables: there, and for every request no proxy applies to, the runtime's fetch as is.
 * Nothing is loaded unless a proxy variable is set.
 *
 * The variables are read once, when the router is made (as undici's EnvHttpProxyAgent reads them when it is made):
 * a client made after they change follows the change. Undefined when no proxy variable is set: every request goes
 * direct, with no work per request.
 */
export function proxyRouter(): ((url: string) => Promise<FetchRoute>) | undefined {
  const runtime = nodeProcess();
  if (runtime === undefined || !anyProxySet(runtime.env)) return undefined;
  const env: ProxyEnvironment = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, runtime.env[name]]));
  const nodeProxies = nodeFollowsProxyVariables(runtime.versions.node, env, runtime.execArgv);
  return async (url) => {
    const direct: FetchRoute = { fetchImpl: globalThis.fetch };
    const proxy = proxyRoute(url, env);
    if (proxy === undefined) return direct;
    if (nodeProxies) return { ...direct, proxy };
    if (!isProxyAddress(proxy.address)) throw new ProxyError(proxyAddressInvalidMessage(proxy.variable), { retryable: false });
    const undici = await loadUndici();
    if (undici === undefined) throw new ProxyError(proxySupportMissingMessage(proxy.variable), { proxy: proxy.label, retryable: false });
    return { fetchImpl: undici.fetch, dispatcher: agentFor(undici, proxy.address), proxy };
  };
}

/** What the rules read, in both cases as users write them. */
const PROXY_VARIABLES = [
  'https_proxy',
  'HTTPS_PROXY',
  'http_proxy',
  'HTTP_PROXY',
  'no_proxy',
  'NO_PROXY',
  'NODE_USE_ENV_PROXY',
  'NODE_OPTIONS',
];

/**
 * Node's process, read off globalThis rather than named: a bundler that sees the bare global may put a stand-in for
 * it into a browser's bundle, and there is none in a Worker or a browser.
 */
function nodeProcess(): NodeProcess | undefined {
  const found = (globalThis as { process?: Partial<NodeProcess> & { versions?: Partial<Record<string, string>> } }).process;
  const versions = found?.versions;
  if (found?.env === undefined || typeof versions?.node !== 'string' || versions.bun !== undefined || versions.deno !== undefined)
    return undefined;
  return { env: found.env, execArgv: found.execArgv ?? [], versions: { node: versions.node } };
}

function isProxyAddress(address: string): boolean {
  try {
    const { protocol, hostname } = new URL(address);
    return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
  } catch {
    return false;
  }
}

// A name, not a literal: no bundler follows it, so undici (and the Node modules it needs) never enters a Worker's,
// a browser's or Zapier's bundle; on Node it is resolved from where the code runs, as an optional peer dependency
// of this package, or a dependency of the connector that bundles it.
const UNDICI = 'undici';
let undici: Promise<Undici | undefined> | undefined;

function loadUndici(): Promise<Undici | undefined> {
  undici ??= (import(UNDICI) as Promise<Partial<Undici> & { default?: Partial<Undici> }>).then(
    (loaded) => {
      const parts = typeof loaded.ProxyAgent === 'function' ? loaded : loaded.default;
      return typeof parts?.fetch === 'function' && typeof parts.ProxyAgent === 'function' ? (parts as Undici) : undefined;
    },
    () => undefined,
  );
  return undici;
}

/**
 * One agent per proxy address, so every client of the process shares its connections to the proxy. Every request
 * goes through a CONNECT tunnel, an http one too: undici 7 did so by default and undici 8 forwards plain http instead,
 * so with either undici (the packages accept both) a proxy sees the same requests and refuses them the same way.
 */
const agents = new Map<string, object>();

function agentFor(parts: Undici, address: string): object {
  let agent = agents.get(address);
  if (agent === undefined) {
    agent = new parts.ProxyAgent({ uri: address, proxyTunnel: true });
    agents.set(address, agent);
  }
  return agent;
}
