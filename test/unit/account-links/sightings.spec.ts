import { describe, expect, it } from '@jest/globals';
import { addressIdentity, DEVICE_ID_PATTERN, sightingHash, sightingKey } from '../../../src/account-links/domain/sightings.js';

describe('account sightings: what is kept of an address or a device', () => {
  it.each<[string | null | undefined, string | null]>([
    ['203.0.113.7', '4:203.0.113.7'],
    ['::ffff:203.0.113.7', '4:203.0.113.7'],
    ['127.0.0.1', '4:127.0.0.1'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '6:2001:db8:1:2'],
    ['2001:db8:1:2::9', '6:2001:db8:1:2'],
    ['2001:DB8:0001:0002:0:0:0:1', '6:2001:db8:1:2'],
    ['2001:db8::1', '6:2001:db8:0:0'],
    ['::1', '6:0:0:0:0'],
    ['fe80::1%eth0', '6:fe80:0:0:0'],
    ['not an address', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (address, identity) => {
    expect(addressIdentity(address)).toBe(identity);
  });

  it('one /64 is one identity: an IPv6 host rotating its addresses stays linked', () => {
    expect(addressIdentity('2001:db8:1:2::1')).toBe(addressIdentity('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(addressIdentity('2001:db8:1:2::1')).not.toBe(addressIdentity('2001:db8:1:3::1'));
  });

  it('a keyed hash: 128 bits in hex, the same for the same key, different for another key or kind', () => {
    const key = sightingKey('test-secret-0123456789abcdef');
    const h = sightingHash(key, 'address', '4:203.0.113.7');
    expect(h).toMatch(/^[0-9a-f]{32}$/);
    expect(sightingHash(sightingKey('test-secret-0123456789abcdef'), 'address', '4:203.0.113.7')).toBe(h);
    expect(sightingHash(sightingKey('another-secret-0123456789'), 'address', '4:203.0.113.7')).not.toBe(h);
    expect(sightingHash(key, 'device', '4:203.0.113.7')).not.toBe(h);
  });

  it.each<[string, boolean]>([
    ['AAAAAAAAAAAAAAAAAAAAAA', true],
    ['abc-_0123456789ABCDEFgh', false],
    ['abc-_0123456789ABCDEFg', true],
    ['short', false],
    ['AAAAAAAAAAAAAAAAAAAAA=', false],
  ])('device id %s well-formed: %s', (id, ok) => {
    expect(DEVICE_ID_PATTERN.test(id)).toBe(ok);
  });
});
