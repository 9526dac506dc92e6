// Who may talk to browser mode: only a page served by this server, on this loopback address, holding this start's
// secret. Checked on every HTTP request and every WebSocket upgrade before anything else happens.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface GuardConfig {
  port: number;
  token: string;
  /** Redeems a one-time launch code (launch-codes.ts); true once per code, within its lifetime. */
  redeem?: (code: string) => boolean;
}

type GuardVerdict =
  | {
      ok: true;
      /** The token came in the query: the response should set the cookie. */
      fromQuery: boolean;
      /** A launch code was redeemed: the response sets the cookie and sends the browser on to the address without it. */
      launched?: boolean;
    }
  | { ok: false; reason: 'host' | 'origin' | 'token' };

/** A fresh secret per start: 32 random bytes as hex. */
export function newToken(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Cookies are scoped by host, not by port: two `checkup serve` on 127.0.0.1 would overwrite one name. The port in the
 * name keeps each server's cookie apart.
 */
function cookieName(port: number): string {
  return `checkup_${port}`;
}

/** Constant-time comparison; hashing first makes the lengths equal, so a wrong length leaks nothing either. */
export function tokensEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

/** The checks, in order: Host (defeats DNS rebinding), Origin (defeats other sites' pages), then the secret. */
export function checkRequest(req: IncomingMessage, config: GuardConfig, opts: { requireOrigin: boolean }): GuardVerdict {
  const host = (req.headers.host ?? '').toLowerCase();
  if (!allowedHosts(config.port).includes(host)) return { ok: false, reason: 'host' };

  const origin = req.headers.origin;
  if (origin === undefined ? opts.requireOrigin : !allowedHosts(config.port).some((h) => origin.toLowerCase() === `http://${h}`)) {
    return { ok: false, reason: 'origin' };
  }

  const params = new URL(req.url ?? '/', 'http://x').searchParams;
  const codes = params.getAll('code');
  if (codes.length > 0 && config.redeem) {
    // A code is good once: a second use, or a wrong one, is refused whatever else the request carries.
    return codes.length === 1 && config.redeem(codes[0]!) ? { ok: true, fromQuery: true, launched: true } : { ok: false, reason: 'token' };
  }
  const query = params.getAll('token');
  if (query.length > 0) {
    // A wrong token in the query is refused even when a good cookie comes with it: no guessing on a valid session.
    return query.length === 1 && tokensEqual(query[0]!, config.token) ? { ok: true, fromQuery: true } : { ok: false, reason: 'token' };
  }
  const cookie = readCookie(req.headers.cookie, cookieName(config.port));
  if (cookie !== undefined && tokensEqual(cookie, config.token)) return { ok: true, fromQuery: false };
  return { ok: false, reason: 'token' };
}

/** HttpOnly: page scripts never see it; SameSite=Strict: no other site's page can make the browser send it. */
export function tokenCookie(config: GuardConfig): string {
  return `${cookieName(config.port)}=${config.token}; Path=/; HttpOnly; SameSite=Strict`;
}
