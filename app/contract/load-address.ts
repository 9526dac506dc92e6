// Where the load goes: loopback checks, and turning a target address into URLs and back.
// eslint-disable-next-line no-restricted-imports -- isIPv4 and isIPv6 only parse strings: no I/O
import { isIPv4, isIPv6 } from 'node:net';
import { CheckupError } from '../errors.js';

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * The host as a URL would connect to it: WHATWG URL parsing turns 127.1, 2130706433, 0:0:0:0:0:0:0:1 and
 * ::ffff:127.0.0.1 into one canonical form, the same one autocannon connects to, so the check below cannot be
 * dodged by spelling. Returns undefined for text that is not a host.
 */
export function canonicalHost(rawHost: string): string | undefined {
  const bare = stripBrackets(rawHost.trim());
  if (!bare) return undefined;
  try {
    return stripBrackets(new URL(`http://${isIPv6(bare) ? `[${bare}]` : bare}/`).hostname).toLowerCase();
  } catch {
    return undefined;
  }
}

/** True for 127.0.0.0/8, ::1, IPv4-mapped 127.x (::ffff:7fxx:xxxx) and the name localhost. */
export function isLoopbackHost(rawHost: string): boolean {
  const host = canonicalHost(rawHost);
  if (host === undefined) return false;
  if (host === 'localhost' || host === 'localhost.') return true;
  if (isIPv4(host)) return host.startsWith('127.');
  if (isIPv6(host)) return host === '::1' || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host);
  return false;
}

/** Throws CHK_REMOTE_LOAD_REFUSED for a non-loopback host unless the user explicitly allowed remote load. */
export function assertLoadAllowed(host: string, allowRemote: boolean): void {
  if (!allowRemote && !isLoopbackHost(host)) throw new CheckupError('CHK_REMOTE_LOAD_REFUSED', { host });
}

export interface LoadTarget {
  host: string;
  port: number;
  protocol?: 'http' | 'https';
}

/** Origin URL for a target, bracketing IPv6 literals. */
export function originOf(target: LoadTarget): string {
  const host = isIPv6(stripBrackets(target.host)) ? `[${stripBrackets(target.host)}]` : target.host;
  return `${target.protocol ?? 'http'}://${host}:${target.port}`;
}

export interface ParsedLoadUrl {
  protocol: 'http' | 'https';
  host: string;
  port: number;
  /** Path with query string, starting with '/'. */
  path: string;
}

/** Splits a full URL given on the command line or in the UI into the recipe's host, port, protocol and path. */
export function parseLoadUrl(text: string): ParsedLoadUrl {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `"${text}" is not a URL (expected e.g. http://127.0.0.1:3000/path)` });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `only http and https URLs can be loaded, not ${url.protocol}` });
  }
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  const port = url.port ? Number(url.port) : protocol === 'https' ? 443 : 80;
  return { protocol, host: stripBrackets(url.hostname), port, path: `${url.pathname || '/'}${url.search}` };
}
