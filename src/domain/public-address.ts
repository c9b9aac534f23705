// Which IP addresses a webhook may reach: the public internet only, unless configured otherwise.
// A target inside the server's own network (loopback, private ranges, cloud metadata at
// 169.254.169.254, ...) would let a firm make the server call services it must not reach (SSRF).
import ipaddr from 'ipaddr.js';

// ipaddr.js names every special-purpose range (RFC 6890 and successors); only 'unicast' is public.
// IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) are judged as the IPv4 address they carry.
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** A URL host that is an IP literal, without IPv6 brackets; undefined for a name. */
export function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) && (bare.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(bare)) ? bare : undefined;
}
