import { describe, expect, it } from 'vitest';
import { assertLoadAllowed, isLoopbackHost, originOf, parseLoadUrl } from '../../../app/contract/load-address.js';
import { CheckupError } from '../../../app/errors.js';

describe('isLoopbackHost', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '127.1', '[::1]', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::ffff:127.9.8.7',
    'localhost', 'LocalHost', ' localhost ', 'localhost.',
  ])('accepts %s', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    '10.0.0.1', '128.0.0.1', '0.0.0.0', '192.168.1.2', '::', '::2', '::ffff:10.0.0.1', 'example.com',
    '127.0.0.1.example.com', 'localhost.example.com', '', '[::1', 'not a host',
  ])('refuses %s', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('assertLoadAllowed', () => {
  it('throws a coded error for a remote host unless allowed', () => {
    let caught: unknown;
    try {
      assertLoadAllowed('10.1.2.3', false);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(CheckupError);
    expect((caught as CheckupError).code).toBe('CHK_REMOTE_LOAD_REFUSED');
    expect((caught as CheckupError).message).toContain('10.1.2.3');
    expect(() => assertLoadAllowed('10.1.2.3', true)).not.toThrow();
    expect(() => assertLoadAllowed('127.0.0.1', false)).not.toThrow();
  });
});

describe('URLs', () => {
  it('brackets IPv6 origins', () => {
    expect(originOf({ host: '::1', port: 8080 })).toBe('http://[::1]:8080');
    expect(originOf({ host: '127.0.0.1', port: 3000, protocol: 'https' })).toBe('https://127.0.0.1:3000');
  });

  it('splits a full URL into host, port and path', () => {
    expect(parseLoadUrl('http://127.0.0.1:3000/a/b?x=1')).toEqual({ protocol: 'http', host: '127.0.0.1', port: 3000, path: '/a/b?x=1' });
    expect(parseLoadUrl('https://[::1]/')).toEqual({ protocol: 'https', host: '::1', port: 443, path: '/' });
    expect(parseLoadUrl('http://localhost')).toMatchObject({ port: 80, path: '/' });
  });

  it('refuses what is not an http URL with a coded error', () => {
    expect(() => parseLoadUrl('ftp://127.0.0.1/')).toThrow(/only http and https/);
    expect(() => parseLoadUrl('/just/a/path')).toThrow(CheckupError);
  });
});
