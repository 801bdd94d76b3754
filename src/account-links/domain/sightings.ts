/**
 * What an account's sign-up and sign-in addresses and devices are reduced to before they are
 * stored (pure; the key comes from the caller). Addresses: an IPv4 address as is (an IPv4-mapped
 * IPv6 address is its IPv4 address), an IPv6 address by its /64 network (one home or phone gets a
 * whole /64 and rotates addresses within it). Only a keyed hash is kept: HMAC-SHA-256 with a key
 * derived from JWT_SECRET, truncated to 128 bits, so a copy of the database alone does not give
 * the addresses back (the IPv4 space is small enough to hash whole without the key).
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/** A device id as the server issues it: 16 random bytes, base64url. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The sighting key, derived once from the app's secret. */
export function sightingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'outflank', 'account sightings v1', 32));
}

/** The part of an address that names its owner: IPv4 as is, IPv6 by its /64; null for anything else. */
export function addressIdentity(address: string | undefined | null): string | null {
  if (!address) return null;
  const a = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped && isIPv4(mapped[1])) return `4:${mapped[1]}`;
  if (isIPv4(a)) return `4:${a}`;
  if (!isIPv6(a)) return null;
  return `6:${expandIPv6(a).slice(0, 4).join(':')}`;
}

/** The eight 16-bit groups of an IPv6 address, lower case, without leading zeros. */
function expandIPv6(a: string): string[] {
  const [addr] = a.split('%');
  let head: string[];
  let tail: string[];
  if (addr.includes('::')) {
    const [h, t] = addr.split('::');
    head = h ? h.split(':') : [];
    tail = t ? t.split(':') : [];
  } else {
    head = addr.split(':');
    tail = [];
  }
  // An embedded IPv4 tail counts as two groups.
  const groups = (xs: string[]) => xs.flatMap((g) => (g.includes('.') ? ipv4Groups(g) : [g]));
  head = groups(head);
  tail = groups(tail);
  const zeros = Array<string>(Math.max(0, 8 - head.length - tail.length)).fill('0');
  return [...head, ...zeros, ...tail].map((g) => parseInt(g || '0', 16).toString(16));
}

function ipv4Groups(v4: string): string[] {
  const [a, b, c, d] = v4.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

/** The stored form of a sighting: HMAC-SHA-256(key, kind + identity), first 128 bits, hex. */
export function sightingHash(key: Buffer, kind: 'address' | 'device', identity: string): string {
  return createHmac('sha256', key).update(`${kind}\u0000${identity}`).digest('hex').slice(0, 32);
}
