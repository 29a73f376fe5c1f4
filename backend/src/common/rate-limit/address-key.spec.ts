import { addressKey } from './address-key';

describe('addressKey: the key of every per-address rule', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('203.0.113.250')).toBe('203.0.113.250');
  });

  it('answers the IPv4 client of an IPv4-mapped IPv6 address, dotted or in hex', () => {
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('::FFFF:0a01:0203')).toBe('10.1.2.3');
    expect(addressKey('0:0:0:0:0:ffff:127.0.0.1')).toBe('127.0.0.1');
  });

  it('groups IPv6 addresses by their /64, whatever their spelling', () => {
    const one = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:9', '2001:db8:1:2:aaaa::1%eth0', '[2001:db8:1:2::7]'];
    expect(new Set(one.map(addressKey))).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('returns anything that is not an address as given', () => {
    expect(addressKey(undefined)).toBe('unknown');
    expect(addressKey('')).toBe('unknown');
    expect(addressKey('not-an-ip')).toBe('not-an-ip');
    expect(addressKey('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});
