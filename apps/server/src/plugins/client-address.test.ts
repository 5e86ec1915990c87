import { describe, expect, it } from 'vitest';
import { clientKey } from './client-address.ts';

describe('clientKey', () => {
  it('counts an IPv4 address as itself, mapped or not', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts IPv6 addresses by their /64, however they are written', () => {
    const key = '2001:db8:1:2::/64';
    expect(clientKey('2001:db8:1:2::1')).toBe(key);
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKey('2001:DB8:1:2:0:0:0:abcd')).toBe(key);
    expect(clientKey('2001:db8:1:2::1%eth0')).toBe(key);
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves what is not an address alone', () => {
    expect(clientKey('unknown')).toBe('unknown');
  });
});
