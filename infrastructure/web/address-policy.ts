import ipaddr from 'ipaddr.js';

// Which hosts the service may fetch from on a client's behalf: public unicast addresses only.
// Loopback is allowed only by an explicit test setting; private, link-local (cloud metadata),
// unique-local, shared, multicast, broadcast and reserved ranges never are, in any spelling: decimal,
// octal, hex and short IPv4 forms, and IPv6 forms that carry an IPv4 address (mapped, compatible,
// NAT64) are judged by the IPv4 address inside.

export type AddressPolicyOptions = { allowLoopback?: boolean };

const INTERNAL_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

const rangeDescriptions: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  linkLocal: 'a link-local address (where cloud metadata services live)',
  uniqueLocal: 'a unique-local address',
  carrierGradeNat: 'a shared (carrier-grade NAT) address',
  unspecified: 'the unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
  deprecatedSiteLocal: 'a site-local address',
  '6to4': 'a 6to4 tunnel address',
  teredo: 'a Teredo tunnel address',
  discard: 'a discard-only address',
};

/** The address inside IPv6 forms that only wrap an IPv4 address, so each is judged like that address. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  const range = address.range();
  // NAT64 (64:ff9b::/96, the local-use 64:ff9b:1::/48) and IPv4-translated addresses: a gateway
  // forwards them to the IPv4 address in the last 32 bits.
  if (range === 'rfc6052' || range === 'rfc6145') return new ipaddr.IPv4(address.toByteArray().slice(12));
  return null;
}

/**
 * What kind of non-public address this is (e.g. "a private address"), or null when it may be fetched.
 * The address is any form ipaddr.js reads, IPv6 with or without brackets.
 */
export function describeBlockedAddress(address: string, options: AddressPolicyOptions = {}): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[(.*)\]$/, '$1'));
  } catch {
    return 'not a valid IP address';
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    const inner = embeddedIPv4(v6);
    if (inner) parsed = inner;
    // ::/96 carries an IPv4 address in its last 32 bits too, and some stacks still route it there.
    else if (v6.parts.slice(0, 6).every((part) => part === 0) && v6.range() === 'unicast') return 'an IPv4-compatible IPv6 address';
  }
  const range = parsed.range();
  if (range === 'unicast') return null;
  if (range === 'loopback' && options.allowLoopback) return null;
  return rangeDescriptions[range] ?? `in the ${range} range`;
}

/** The client-readable refusal for an IP address, or null when it may be fetched. */
export function refusalForAddress(address: string, options: AddressPolicyOptions = {}): string | null {
  const blocked = describeBlockedAddress(address, options);
  return blocked ? `the address ${address} is ${blocked} and cannot be fetched` : null;
}

/** Names that reach cloud metadata or internal services without going through public DNS. */
export function refusalForHostname(hostname: string): string | null {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (INTERNAL_NAMES.has(name) || name.endsWith('.internal')) return `the host ${hostname} is an internal name and cannot be fetched`;
  return null;
}

/**
 * The policy for a URL's host before any DNS lookup: internal names and non-public literal addresses
 * are refused; null means "allowed so far" (a name must still be resolved and every address checked).
 */
export function refusalForHost(host: string, options: AddressPolicyOptions = {}): string | null {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(bare)) return refusalForAddress(bare, options);
  return refusalForHostname(bare);
}
