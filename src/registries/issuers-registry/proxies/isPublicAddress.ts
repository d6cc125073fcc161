import { BlockList, isIP } from 'node:net';

/**
 * Ranges a proxy upstream may not be in: loopback, private, link-local, shared, documentation,
 * multicast and reserved networks (IANA special-purpose registries). IPv4 rules also match
 * IPv4-mapped IPv6 addresses.
 */
const SPECIAL_PURPOSE: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.88.99.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 3, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001::', 23, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['2002::', 16, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const BLOCKED = new BlockList();
for (const [network, prefix, type] of SPECIAL_PURPOSE) BLOCKED.addSubnet(network, prefix, type);

/**
 * Whether `ip` is a public unicast address, one a proxy upstream may resolve to. Anything else
 * (private networks, loopback, the node's own cloud metadata endpoint, …) is refused so that an
 * issuer's proxy cannot make the node reach into its own network (SSRF).
 */
export function isPublicAddress(ip: string): boolean {
  const version = isIP(ip);
  if (version === 0) return false;
  return !BLOCKED.check(ip, version === 4 ? 'ipv4' : 'ipv6');
}
