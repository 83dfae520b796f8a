import { lookup as dnsLookup, type LookupAddress, type LookupOneOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';

/* Where a callback may point: public addresses over https:; `insecure` (--insecure-callbacks) adds http: and loopback. */

export type ResolvedAddress = LookupAddress;

/** Resolves a host name to every address it has (dns.lookup semantics: /etc/hosts, then DNS). Injectable for tests. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

/** IPv6 global unicast: 2000::/3. Anything outside it (including ::/96 "IPv4-compatible" forms) is refused. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/** Why an IP address may not be called; IPv4-mapped IPv6 is judged as the IPv4 a connection would really use. */
function addressRefusal(text: string, insecure: boolean): string | undefined {
  const literal = unbracketed(text);
  if (!ipaddr.isValid(literal)) return 'it is not an IP address';
  const address = ipaddr.process(literal.replace(/%.*$/, ''));
  const range = address.range();
  if (range === 'loopback') return insecure ? undefined : 'it is a loopback address';
  if (range !== 'unicast') return `it is a ${range} address, not a public one`;
  if (address.kind() === 'ipv6' && !(address as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) return 'it is not a public IPv6 address';
  return undefined;
}

/** `localhost` and its subdomains are loopback by definition (RFC 6761), whatever a resolver says. */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

const unbracketed = (hostname: string) => (hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname);
const isIpLiteral = (hostname: string) => ipaddr.isValid(unbracketed(hostname));

export const HTTPS_ONLY = 'the callback must be an https URL';

/** The check that needs no network (the scheme; a host that is an address or localhost); names still go through `resolveChecked`. */
export function callbackUrlRefusal(url: URL, insecure: boolean): string | undefined {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && insecure)) return HTTPS_ONLY;
  if (url.username !== '' || url.password !== '') return 'the callback must not carry a user name or password';
  const hostname = url.hostname;
  if (isIpLiteral(hostname)) {
    const refusal = addressRefusal(hostname, insecure);
    return refusal === undefined ? undefined : `the callback host ${hostname} is refused: ${refusal}`;
  }
  if (isLocalhostName(hostname) && !insecure) return `the callback host ${hostname} is refused: it is a loopback name`;
  return undefined;
}

type Resolution = { ok: true; addresses: ResolvedAddress[] } | { ok: false; refusal: string; unresolved?: true };

const UNRESOLVED = 'it does not resolve';

/** Resolves once, refused if any address is; the addresses checked are the ones connected to (no second lookup). */
export async function resolveChecked(hostname: string, resolver: HostResolver, insecure: boolean): Promise<Resolution> {
  if (isLocalhostName(hostname) && !insecure) return { ok: false, refusal: 'it is a loopback name' };
  let addresses: ResolvedAddress[];
  try {
    addresses = isIpLiteral(hostname)
      ? [{ address: unbracketed(hostname), family: hostname.includes(':') ? 6 : 4 }]
      : await resolver(hostname);
  } catch {
    return { ok: false, refusal: UNRESOLVED, unresolved: true };
  }
  if (addresses.length === 0) return { ok: false, refusal: UNRESOLVED, unresolved: true };
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, insecure);
    if (refusal !== undefined) return { ok: false, refusal: isIpLiteral(hostname) ? refusal : `it resolves to ${address}: ${refusal}` };
  }
  return { ok: true, addresses };
}

/** The code of the error a refused callback address fails with; the worker does not retry it. */
export const CALLBACK_REFUSED = 'ECALLBACKREFUSED';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** Checks each connection's host at connect time (DNS rebinding); address literals never reach it: the worker checks those. */
export function callbackAgent(resolver: HostResolver, insecure: boolean): Agent {
  const lookup = (hostname: string, options: LookupOneOptions & { all?: boolean }, callback: LookupCallback): void => {
    resolveChecked(hostname, resolver, insecure).then(
      (resolution) => {
        if (!resolution.ok) {
          callback(Object.assign(new Error(`callback host ${hostname} refused: ${resolution.refusal}`), { code: CALLBACK_REFUSED }), '');
          return;
        }
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const wanted = resolution.addresses.filter((entry) => family === undefined || entry.family === family);
        if (options.all) callback(null, wanted);
        else if (wanted[0] === undefined)
          callback(Object.assign(new Error(`callback host ${hostname} has no usable address`), { code: 'ENOTFOUND' }), '');
        else callback(null, wanted[0].address, wanted[0].family);
      },
      (error: unknown) => callback(Object.assign(new Error(String(error)), { code: 'ENOTFOUND' }), ''),
    );
  };
  return new Agent({ connect: { lookup: lookup as never }, keepAliveTimeout: 4_000 });
}
