// What the per-address limits count as one client. An IPv4 address is one client; an IPv6 client
// usually holds a whole /64 (one home, one phone network subscriber) and can pick any address in
// it, so IPv6 addresses count by their first 64 bits.
import { isIPv4, isIPv6 } from 'node:net';

/** The limits' key for a client address (request.ip, which honours TRUST_PROXY). */
export function clientKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  return `${expand(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, "::" filled in, zone and embedded IPv4 tail handled. */
function expand(ip: string): string[] {
  const bare = ip.split('%')[0] as string;
  const [head, tail] = bare.includes('::') ? bare.split('::') : [bare, undefined];
  const groups = (part: string | undefined) =>
    (part ? part.split(':') : []).flatMap((group) => {
      if (!group.includes('.')) return [group.toLowerCase().replace(/^0+(?=.)/, '')];
      const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const left = groups(head);
  const right = groups(tail);
  if (tail === undefined) return left;
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
}
