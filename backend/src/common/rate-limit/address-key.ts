import { isIP } from 'node:net';

/**
 * The key every per-address rule counts a client under: an IPv4 address as it is; an
 * IPv6 address by its /64 (one household, phone or server usually holds a whole /64, so
 * counting each of its 2^64 addresses apart would let one client look like many); an
 * IPv4-mapped IPv6 address (`::ffff:10.1.2.3`, what a dual-stack socket reports) as its
 * IPv4. Anything else (no address, a name) is returned as given.
 *
 *   addressKey('10.1.2.3')                  → '10.1.2.3'
 *   addressKey('::ffff:10.1.2.3')           → '10.1.2.3'
 *   addressKey('2001:db8:1:2:aaaa::1')      → '2001:db8:1:2::/64'
 *   addressKey('2001:0DB8:0001:0002::9%en0') → '2001:db8:1:2::/64'
 */
export function addressKey(ip: string | undefined | null): string {
  if (!ip) return 'unknown';
  const zone = ip.indexOf('%');
  const bare = (zone === -1 ? ip : ip.slice(0, zone)).replace(/^\[|\]$/g, '');
  const version = isIP(bare);
  if (version === 4) return bare;
  if (version !== 6) return ip;
  const groups = ipv6Groups(bare.toLowerCase());
  if (!groups) return ip;
  // ::ffff:a.b.c.d (also written ::ffff:0a01:0203): the IPv4 client it carries.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 allowed), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const octets = tail.split('.').map(Number);
    if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255)) return null;
    text = `${text.slice(0, lastColon + 1)}${((octets[0] << 8) | octets[1]).toString(16)}:${((octets[2] << 8) | octets[3]).toString(16)}`;
  }
  const sides = text.split('::');
  if (sides.length > 2) return null;
  const left = sides[0] ? sides[0].split(':') : [];
  const right = sides.length === 2 && sides[1] ? sides[1].split(':') : [];
  const fill = sides.length === 2 ? 8 - left.length - right.length : 0;
  if (fill < 0 || left.length + fill + right.length !== 8) return null;
  const groups = [...left, ...new Array<string>(fill).fill('0'), ...right].map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  return groups.some((g) => Number.isNaN(g)) ? null : groups;
}
