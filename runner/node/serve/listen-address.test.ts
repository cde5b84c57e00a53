import { describe, expect, it } from 'vitest';
import { isLoopback, parseListenAddress } from './listen-address.ts';

describe('parseListenAddress', () => {
  it.each([
    ['3000', { host: '127.0.0.1', port: 3000, loopback: true }],
    ['0', { host: '127.0.0.1', port: 0, loopback: true }],
    ['localhost:3000', { host: '127.0.0.1', port: 3000, loopback: true }],
    ['127.0.0.1:8080', { host: '127.0.0.1', port: 8080, loopback: true }],
    ['[::1]:3000', { host: '::1', port: 3000, loopback: true }],
    ['0.0.0.0:3000', { host: '0.0.0.0', port: 3000, loopback: false }],
    ['[::]:3000', { host: '::', port: 3000, loopback: false }],
    ['192.168.1.5:3000', { host: '192.168.1.5', port: 3000, loopback: false }],
  ])('reads %s', (text, address) => {
    expect(parseListenAddress(text)).toEqual(address);
  });

  it.each([
    ['port', /takes \[host:\]port/],
    ['3000:', /takes \[host:\]port/],
    ['70000', /out of range/],
    ['example.com:3000', /as an IP address .* not the host name "example\.com"/],
  ])('refuses %s', (text, reason) => {
    expect(parseListenAddress(text)).toMatch(reason);
  });

  it('knows loopback addresses', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost'].every(isLoopback)).toBe(true);
    expect(['0.0.0.0', '::', '10.0.0.1', 'localhost.evil.example'].some(isLoopback)).toBe(false);
  });
});
