import ipaddr from 'ipaddr.js';

// Which addresses the service may fetch from on a client's behalf: public unicast only. Loopback is
// allowed only by an explicit test setting; private, link-local (cloud metadata), unique-local,
// shared, multicast and reserved ranges never are, including their IPv4-mapped IPv6 forms.

const BLOCKED_NAMES = new Set(['metadata.google.internal', 'metadata', 'metadata.goog', 'instance-data']);

const reasons: Record<string, string> = {
  loopback: 'is a loopback address',
  private: 'is a private address',
  linkLocal: 'is a link-local address (cloud metadata lives there)',
  uniqueLocal: 'is a unique-local address',
  carrierGradeNat: 'is a shared (carrier-grade NAT) address',
  unspecified: 'is the unspecified address',
  multicast: 'is a multicast address',
  broadcast: 'is a broadcast address',
  reserved: 'is a reserved address',
};

/** null when the address may be fetched, else the reason it may not. */
export function refusalForAddress(address: string, options: { allowLoopback?: boolean } = {}): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return 'is not a valid IP address';
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === 'unicast') return null;
  if (range === 'loopback' && options.allowLoopback) return null;
  return `the address ${address} ${reasons[range] ?? `is in the ${range} range`} and cannot be fetched`;
}

export function refusalForHostname(hostname: string): string | null {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (BLOCKED_NAMES.has(name) || name.endsWith('.internal')) return `the host ${hostname} is an internal name and cannot be fetched`;
  return null;
}
