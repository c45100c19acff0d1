import { expect, it } from 'vitest';
import { addressPrefix, clientKey } from './client-address.ts';

it('counts an IPv4 client by its address and an IPv6 one by its /64 network', () => {
  expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
  expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  expect(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
  expect(clientKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
  expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  expect(clientKey('2001:db8:1:2:3::')).toBe('2001:db8:1:2::/64');
  expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  expect(clientKey('::1')).toBe('0:0:0:0::/64');
  expect(clientKey('::')).toBe('0:0:0:0::/64');
});

it('shows where a session is as the /24 of an IPv4 address and the /48 of an IPv6 one', () => {
  expect(addressPrefix('203.0.113.7')).toBe('203.0.113.0/24');
  expect(addressPrefix('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
  expect(addressPrefix('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1::/48');
  expect(addressPrefix('::1')).toBe('0:0:0::/48');
});
