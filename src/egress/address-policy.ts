import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Cidr = [Address, number];

/** Which destination addresses a replay may connect to. */
export interface AddressPolicy {
  /**
   * REHOOK_ALLOW_PRIVATE_DESTINATIONS=1: allow loopback, private, link-local and reserved
   * addresses (local development and tests). Cloud metadata addresses stay denied.
   */
  readonly allowPrivate: boolean;
  /**
   * CIDRs (`10.1.0.0/16`, `fd00::/8`) or single addresses that are allowed even though the
   * default policy denies them. A metadata address is only allowed by an entry that names
   * exactly that address (`/32` or `/128`). Invalid entries allow nothing.
   */
  readonly allowCidrs?: readonly string[];
  /**
   * CIDRs or single addresses that are always denied (REHOOK_REPLAY_DENY_CIDRS): deny wins over
   * `allowCidrs` and over `allowPrivate`. An address is denied when it, the IPv4 address it is
   * judged by (mapped forms) or an IPv4 address it tunnels to falls in an entry.
   */
  readonly denyCidrs?: readonly string[];
}

function cidr(text: string): Cidr {
  return ipaddr.parseCIDR(text);
}

/**
 * Cloud instance metadata services hand out credentials to whoever asks from inside the VM;
 * reaching one through a replay is the classic SSRF payoff, so no broad setting opens them.
 */
const METADATA_ADDRESSES: readonly Address[] = [
  '169.254.169.254', // AWS, GCP, Azure, DigitalOcean, Hetzner, OpenStack IMDS
  '169.254.170.2', // AWS ECS task credentials
  'fd00:ec2::254', // AWS IMDS over IPv6
  'fd20:ce::254', // GCP metadata over IPv6
  '100.100.100.200', // Alibaba Cloud
  '192.0.0.192', // Oracle Cloud
].map((text) => ipaddr.parse(text));

/** IPv4 ranges that are not public unicast, with the reason reported when one matches. */
const IPV4_DENIED: ReadonlyArray<readonly [Cidr, string]> = [
  [cidr('0.0.0.0/8'), 'unspecified'],
  [cidr('10.0.0.0/8'), 'private'],
  [cidr('100.64.0.0/10'), 'carrier-grade-nat'],
  [cidr('127.0.0.0/8'), 'loopback'],
  [cidr('169.254.0.0/16'), 'link-local'],
  [cidr('172.16.0.0/12'), 'private'],
  [cidr('192.0.0.0/24'), 'reserved'],
  [cidr('192.0.2.0/24'), 'documentation'],
  [cidr('192.88.99.0/24'), 'reserved'],
  [cidr('192.168.0.0/16'), 'private'],
  [cidr('198.18.0.0/15'), 'benchmarking'],
  [cidr('198.51.100.0/24'), 'documentation'],
  [cidr('203.0.113.0/24'), 'documentation'],
  [cidr('224.0.0.0/4'), 'multicast'],
  [cidr('255.255.255.255/32'), 'broadcast'],
  [cidr('240.0.0.0/4'), 'reserved'],
];

const IPV6_GLOBAL_UNICAST = cidr('2000::/3');

/** Named IPv6 ranges that are denied; anything else outside 2000::/3 is 'non-global'. */
const IPV6_DENIED: ReadonlyArray<readonly [Cidr, string]> = [
  [cidr('::/128'), 'unspecified'],
  [cidr('::1/128'), 'loopback'],
  [cidr('::/96'), 'ipv4-compatible'],
  [cidr('64:ff9b::/96'), 'nat64'],
  [cidr('64:ff9b:1::/48'), 'nat64'],
  [cidr('100::/64'), 'discard'],
  [cidr('fc00::/7'), 'unique-local'],
  [cidr('fe80::/10'), 'link-local'],
  [cidr('fec0::/10'), 'site-local'],
  [cidr('ff00::/8'), 'multicast'],
  [cidr('2001::/32'), 'teredo'],
  [cidr('2001:2::/48'), 'benchmarking'],
  [cidr('2001:10::/28'), 'orchid'],
  [cidr('2001:20::/28'), 'orchid'],
  [cidr('2001:db8::/32'), 'documentation'],
  [cidr('3fff::/20'), 'documentation'],
  [cidr('5f00::/16'), 'segment-routing'],
];

const SIIT = cidr('::ffff:0:0:0/96');
const SIXTO4 = cidr('2002::/16');
const NAT64 = cidr('64:ff9b::/96');
const TEREDO = cidr('2001::/32');
const IPV4_COMPATIBLE = cidr('::/96');

function isV6(addr: Address): addr is ipaddr.IPv6 {
  return addr.kind() === 'ipv6';
}

function ipv4FromBytes(bytes: readonly number[]): ipaddr.IPv4 {
  return new ipaddr.IPv4([...bytes]);
}

/**
 * The address a packet is really judged by. IPv4-mapped (`::ffff:a.b.c.d`) and SIIT
 * (`::ffff:0:a.b.c.d`) sockets talk IPv4 on the wire, so `[::ffff:7f00:1]` must be judged as
 * 127.0.0.1, not as "some IPv6 unicast" (the classic bypass of naive checks).
 */
function effectiveAddress(addr: Address): Address {
  if (isV6(addr) && (addr.isIPv4MappedAddress() || addr.match(SIIT))) {
    return ipv4FromBytes(addr.toByteArray().slice(12));
  }
  return addr;
}

/**
 * IPv4 addresses an IPv6 address tunnels to: 6to4 (2002:AABB:CCDD::), NAT64 /96, the
 * deprecated IPv4-compatible form and both Teredo ends (server, obfuscated client). Used so
 * an attacker cannot reach a metadata service or a private host through a translator.
 */
function embeddedIpv4(addr: Address): ipaddr.IPv4[] {
  if (!isV6(addr)) return [];
  const bytes = addr.toByteArray();
  if (addr.match(SIXTO4)) return [ipv4FromBytes(bytes.slice(2, 6))];
  if (addr.match(NAT64) || addr.match(IPV4_COMPATIBLE)) return [ipv4FromBytes(bytes.slice(12))];
  if (addr.match(TEREDO)) {
    const client = bytes.slice(12).map((b) => b ^ 0xff);
    return [ipv4FromBytes(bytes.slice(4, 8)), ipv4FromBytes(client)];
  }
  return [];
}

function sameAddress(a: Address, b: Address): boolean {
  return a.kind() === b.kind() && a.toNormalizedString() === b.toNormalizedString();
}

/** `a.b.c.d/nn`, `x::y/nnn` or a bare address (a single-address entry); null when invalid. */
function parseAllowEntry(entry: string): Cidr | null {
  const [text = '', prefix, extra] = entry.split('/');
  const addr = parseLiteral(text);
  if (addr === null || extra !== undefined) return null;
  const max = addr.kind() === 'ipv4' ? 32 : 128;
  if (prefix === undefined) return [addr, max];
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  return bits <= max ? [addr, bits] : null;
}

/**
 * Validates `allowCidrs` entries; returns the entries that are not a CIDR or an address, so
 * configuration can fail fast instead of silently allowing nothing.
 */
export function invalidAllowEntries(entries: readonly string[]): string[] {
  return entries.filter((entry) => parseAllowEntry(entry) === null);
}

function inCidr(addr: Address, [net, bits]: Cidr): boolean {
  return addr.kind() === net.kind() && addr.match(net, bits);
}

function matchReason(addr: Address, table: ReadonlyArray<readonly [Cidr, string]>): string | null {
  for (const [range, reason] of table) if (inCidr(addr, range)) return reason;
  return null;
}

function defaultDenyReason(addr: Address): string | null {
  if (addr.kind() === 'ipv4') return matchReason(addr, IPV4_DENIED);
  const reason = matchReason(addr, IPV6_DENIED);
  if (reason !== null) return reason;
  if (!inCidr(addr, IPV6_GLOBAL_UNICAST)) return 'non-global';
  // 6to4 relays deliver to the embedded IPv4 host, so that host decides.
  const [inner] = addr.match(SIXTO4) ? embeddedIpv4(addr) : [];
  const innerReason = inner === undefined ? null : matchReason(inner, IPV4_DENIED);
  return innerReason === null ? null : `6to4-${innerReason}`;
}

/**
 * Parses an IP literal exactly as the socket layer will read it. IPv6 text is first put in
 * RFC 5952 form by the WHATWG URL parser because ipaddr.js 2.5 reads the deprecated
 * IPv4-compatible `::127.0.0.1` (which getaddrinfo and `remoteAddress` print for `::7f00:1`)
 * as the IPv4-mapped `::ffff:127.0.0.1`, a different address. The zone id (`%eth0`) only
 * picks an interface, so it is dropped.
 */
function parseLiteral(ip: string): Address | null {
  // net.isIP accepts only canonical forms; ipaddr.js alone would also read "0177.1" style
  // strings, and whatever we judge must be exactly what the socket will dial.
  const family = isIP(ip);
  if (family === 0) return null;
  try {
    if (family === 4) return ipaddr.parse(ip);
    const [bare = ''] = ip.split('%');
    return ipaddr.parse(new URL(`http://[${bare}]/`).hostname.slice(1, -1));
  } catch {
    return null;
  }
}

/**
 * Decides whether a replay may connect to `ip` (an IPv4 or IPv6 literal as returned by DNS or
 * by the WHATWG URL parser).
 *
 * @returns null when the address is allowed, otherwise a short reason such as "loopback",
 *   "private", "link-local" or "metadata". Anything that is not an IP literal is denied.
 */
export function checkAddress(ip: string, policy: AddressPolicy): string | null {
  const parsed = parseLiteral(ip);
  if (parsed === null) return 'not-an-ip-address';
  const addr = effectiveAddress(parsed);
  const allowed = (policy.allowCidrs ?? []).map(parseAllowEntry).filter((entry): entry is Cidr => entry !== null);

  const reached = [addr, ...embeddedIpv4(addr)];
  const denied = (policy.denyCidrs ?? []).map(parseAllowEntry).filter((entry): entry is Cidr => entry !== null);
  if (denied.some((range) => inCidr(parsed, range) || reached.some((r) => inCidr(r, range)))) return 'denied-by-policy';
  const metadata = METADATA_ADDRESSES.find((m) => reached.some((r) => sameAddress(r, m)));
  if (metadata !== undefined) {
    // Convoy's rule: a range such as 169.254.0.0/16 never opens metadata by accident.
    const exact = allowed.some(
      ([net, bits]) => bits === (net.kind() === 'ipv4' ? 32 : 128) && sameAddress(net, metadata),
    );
    return exact ? null : 'metadata';
  }
  if (allowed.some((range) => inCidr(addr, range) || inCidr(parsed, range))) return null;
  if (policy.allowPrivate) return null;
  return defaultDenyReason(addr);
}
