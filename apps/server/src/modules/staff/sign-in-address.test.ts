import { describe, expect, it } from 'vitest';
import { signInAddressOf } from './sign-in-address.js';

describe('the address staff sign-in counts by', () => {
  it('keeps an IPv4 address, and takes the IPv4 of an IPv4-mapped one', () => {
    expect(signInAddressOf('203.0.113.7')).toBe('203.0.113.7');
    expect(signInAddressOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const a = signInAddressOf('2001:db8:0:1::1');
    expect(a).toBe('2001:db8:0:1::/64');
    expect(signInAddressOf('2001:0db8:0000:0001:ffff:eeee:dddd:cccc')).toBe(a);
    expect(signInAddressOf('2001:db8:0:2::1')).not.toBe(a);
    expect(signInAddressOf('::1')).toBe('0:0:0:0::/64');
  });
});
