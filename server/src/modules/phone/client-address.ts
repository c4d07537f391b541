import ipaddr from 'ipaddr.js';

/**
 * The key code requests and guesses are counted under for a client address: an IPv4 address as it
 * is (an IPv4-mapped IPv6 address as the IPv4 inside), an IPv6 address by its /64, the smallest block
 * a subscriber is given, so rotating through one's own 2^64 addresses counts as one address.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}
