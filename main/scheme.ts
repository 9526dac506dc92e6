// The desktop renderer's origin: a privileged custom scheme, `checkup://app/`, served from our own files by
// protocol.handle. A real origin (not file://) lets speedscope fetch its `#profileURL=`, keeps the renderer and its
// iframes same-origin, and gives one string to check senders and navigations against.

export const SCHEME = 'checkup';
export const APP_HOST = 'app';
const APP_ORIGIN = `${SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/**
 * The renderer's Content-Security-Policy, sent as a header on every response of our scheme. 'unsafe-inline' for
 * styles only: Svelte's transitions and speedscope set style attributes; no inline or remote script is ever allowed.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * Privileges of our scheme, registered before the app is ready. `standard` gives it a real origin and relative URL
 * resolution, `secure` makes it a secure context, `supportFetchAPI` lets speedscope fetch flame documents. No
 * bypassCSP, no service workers, no CORS: nothing but our own pages ever talks to it.
 */
export const SCHEME_PRIVILEGES = {
  scheme: SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
} as const;

/** True when `url` is on our renderer's origin (checkup://app/...). Anything unparsable is not ours. */
export function isOwnUrl(url: string | undefined | null): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${SCHEME}:` && parsed.host === APP_HOST && !parsed.username && !parsed.password && !parsed.port;
  } catch {
    return false;
  }
}
