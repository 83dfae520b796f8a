import { lookup as dnsLookup } from 'node:dns';
import ipaddr from 'ipaddr.js';

/** Where a callback may point: public addresses only, plus loopback with --insecure-callbacks. */
export interface AddressPolicy {
  allowLoopback: boolean;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has (dns.lookup semantics: /etc/hosts, then DNS). Injectable for tests. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

/** IPv6 global unicast: 2000::/3. Anything outside it (including ::/96 "IPv4-compatible" forms) is refused. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Why an IP address may not be called, or undefined when it may. Every spelling the WHATWG URL parser or the
 * resolver can produce is parsed by ipaddr.js: `process` turns IPv4-mapped IPv6 (::ffff:127.0.0.1) into IPv4 first,
 * so the range names the address family a connection would really use.
 */
export function addressRefusal(text: string, policy: AddressPolicy): string | undefined {
  const literal = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(literal)) return 'it is not an IP address';
  const address = ipaddr.process(literal.replace(/%.*$/, ''));
  const range = address.range();
  if (range === 'loopback') return policy.allowLoopback ? undefined : 'it is a loopback address';
  if (range !== 'unicast') return `it is a ${range} address, not a public one`;
  if (address.kind() === 'ipv6' && !(address as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) return 'it is not a public IPv6 address';
  return undefined;
}

/** `localhost` and its subdomains are loopback by definition (RFC 6761), whatever a resolver says. */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

export function isIpLiteral(hostname: string): boolean {
  const literal = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(literal);
}

/**
 * The check that needs no network: the scheme, and the host when it is an address literal or a localhost name.
 * Undefined when the URL may be subscribed so far; a host name still has to pass `refuseResolved`.
 */
export const HTTPS_ONLY = 'the callback must be an https URL';

export function callbackUrlRefusal(url: URL, policy: AddressPolicy & { allowHttp: boolean }): string | undefined {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) return HTTPS_ONLY;
  if (url.username !== '' || url.password !== '') return 'the callback must not carry a user name or password';
  const hostname = url.hostname;
  if (isIpLiteral(hostname)) {
    const refusal = addressRefusal(hostname, policy);
    return refusal === undefined ? undefined : `the callback host ${hostname} is refused: ${refusal}`;
  }
  if (isLocalhostName(hostname) && !policy.allowLoopback) return `the callback host ${hostname} is refused: it is a loopback name`;
  return undefined;
}

export type Resolution = { ok: true; addresses: ResolvedAddress[] } | { ok: false; refusal: string; unresolved?: true };

export const UNRESOLVED = 'it does not resolve';

/**
 * Resolves `hostname` once and checks every address it got; refused when any one is (a name must not mix public and
 * private addresses). The addresses returned are the very ones checked, so a connection can use them without a
 * second lookup that could answer differently.
 */
export async function resolveChecked(hostname: string, resolver: HostResolver, policy: AddressPolicy): Promise<Resolution> {
  if (isLocalhostName(hostname) && !policy.allowLoopback) return { ok: false, refusal: 'it is a loopback name' };
  let addresses: ResolvedAddress[];
  try {
    addresses = isIpLiteral(hostname)
      ? [{ address: hostname.replace(/^\[|\]$/g, ''), family: hostname.includes(':') ? 6 : 4 }]
      : await resolver(hostname);
  } catch {
    return { ok: false, refusal: UNRESOLVED, unresolved: true };
  }
  if (addresses.length === 0) return { ok: false, refusal: UNRESOLVED, unresolved: true };
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, policy);
    if (refusal !== undefined) return { ok: false, refusal: isIpLiteral(hostname) ? refusal : `it resolves to ${address}: ${refusal}` };
  }
  return { ok: true, addresses };
}
