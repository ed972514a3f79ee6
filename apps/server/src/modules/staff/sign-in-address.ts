import net from 'node:net';

/**
 * The address staff sign-in counts by: IPv4 as it is (an IPv4-mapped IPv6 address as its IPv4),
 * IPv6 cut to its /64, the block one subscriber gets: else one machine could step through 2^64
 * addresses, each with a fresh count.
 */
export function signInAddressOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(ip)) return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/** The eight groups of an IPv6 address, `::` filled with zeros, each without leading zeros. */
function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => (parseInt(group, 16) || 0).toString(16));
}
