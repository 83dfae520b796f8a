/**
 * Which hosts are not on the public internet, from the host alone (no DNS: core has no resolver of its own).
 * The host is read the way WHATWG URL reads it, which writes every IPv4 spelling (127.1, 2130706433, 0x7f.0.0.1)
 * as a dotted quad and every IPv6 one (embedded IPv4 included) as hex groups in brackets.
 */
export function isNonPublicHost(host: string): boolean {
  let name: string;
  try {
    const bare = !host.startsWith('[') && host.split(':').length > 2; // an IPv6 address given without brackets
    name = new URL(`http://${bare ? `[${host}]` : host}/`).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return true; // not a host at all: never treated as public
  }
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (name.startsWith('[') && name.endsWith(']')) {
    const groups = parseIpv6(name.slice(1, -1));
    return groups === undefined || isNonPublicIpv6(groups);
  }
  const ipv4 = parseIpv4(name);
  return ipv4 !== undefined && isNonPublicIpv4(ipv4);
}

/**
 * Whether a Service URL would send credentials unencrypted over a network: plain http to any host but this machine,
 * where local runs and test suites serve it. https, and a malformed URL (the client refuses it itself), are not.
 */
export function isPlainHttpOffLoopback(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return false;
  }
  return parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname);
}

/** This machine: localhost and its subdomains (RFC 6761), 127.0.0.0/8 and ::1, as URL writes them. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || name === '[::1]' || parseIpv4(name)?.[0] === 127;
}

type Ipv4 = [number, number, number, number];

/** Unspecified, "this network", private, CGNAT, loopback, link-local, benchmarking, multicast and reserved blocks. */
function isNonPublicIpv4([a, b]: Ipv4): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

function isNonPublicIpv6(groups: number[]): boolean {
  const [g0 = 0, g1 = 0, , , , g5 = 0, g6 = 0, g7 = 0] = groups;
  const leadingZeros = groups.slice(0, 5).every((group) => group === 0);
  // :: and ::1 (read as IPv4 0.0.0.x: "this network"), IPv4-compatible ::a.b.c.d and IPv4-mapped ::ffff:a.b.c.d,
  // whose IPv4 address is what is reached.
  if (leadingZeros && (g5 === 0 || g5 === 0xffff)) return isNonPublicIpv4(ipv4Of(g6, g7));
  // NAT64 64:ff9b::/96 reaches the embedded IPv4 address.
  if (g0 === 0x64 && g1 === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) return isNonPublicIpv4(ipv4Of(g6, g7));
  return (
    (g0 & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (g0 & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (g0 & 0xffc0) === 0xfec0 || // site-local fec0::/10 (deprecated, still routed inside some networks)
    (g0 & 0xff00) === 0xff00 // multicast ff00::/8
  );
}

function ipv4Of(high: number, low: number): Ipv4 {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff];
}

function parseIpv4(text: string): Ipv4 | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return undefined;
  return parts.map(Number) as Ipv4;
}

/** Eight 16-bit groups of an address as URL writes it (hex groups, at most one "::"), or undefined. */
function parseIpv6(text: string): number[] | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string | undefined) => (half === undefined || half === '' ? [] : half.split(':'));
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  const all = [...head, ...tail];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group)) || all.length > 8 || (halves.length === 1 && all.length !== 8))
    return undefined;
  const zeros = new Array<number>(8 - all.length).fill(0);
  return [...head, ...zeros.map(String), ...tail].map((group) => parseInt(group, 16));
}
