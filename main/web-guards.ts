// What the window's web contents may do besides showing our pages: nothing. No navigation off our origin (a dropped
// file would otherwise replace the app), no new windows, no webviews, no permissions. Web links the user clicks
// (http and https only, no credentials) go to the system browser, and only right after a real user input
// (user-gesture.ts): a page that navigates or opens windows by itself opens nothing.
import type { Session } from 'electron';
import { isOwnUrl } from './scheme.js';
import { UserGestures } from './user-gesture.js';

/** The http(s) URL to hand to the system browser, or undefined when it is anything else. */
export function safeExternalUrl(url: string): string | undefined {
  if (typeof url !== 'string' || url.length > 2048) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  if (parsed.username || parsed.password || !parsed.hostname) return undefined;
  return parsed.href;
}

interface NavigationEvent {
  readonly url: string;
  readonly isMainFrame?: boolean;
  preventDefault(): void;
}

/** The parts of WebContents we guard. */
export interface GuardedContents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' }): void;
  on(event: 'will-navigate' | 'will-frame-navigate' | 'will-redirect', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  on(event: 'input-event', listener: (event: unknown, input: { type?: string }) => void): unknown;
}

interface GuardOptions {
  openExternal(url: string): void;
  log?(line: string): void;
}

export function guardWebContents(contents: GuardedContents, options: GuardOptions): void {
  const log = options.log ?? (() => undefined);
  const gestures = new UserGestures(contents);
  const external = (url: string): void => {
    const safe = safeExternalUrl(url);
    if (!safe) return log(`blocked ${String(url).slice(0, 200)}`);
    if (!gestures.consume()) return log(`blocked ${safe.slice(0, 200)}: not opened by a user's click or key`);
    options.openExternal(safe);
  };

  contents.setWindowOpenHandler(({ url }) => {
    external(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => {
    if (isOwnUrl(event.url)) return;
    event.preventDefault();
    external(event.url);
  });
  // Subframes (speedscope's iframe) stay on our origin too; about:blank is how an empty iframe starts.
  contents.on('will-frame-navigate', (event) => {
    if (event.isMainFrame || isOwnUrl(event.url) || event.url === 'about:blank') return;
    event.preventDefault();
    log(`blocked frame navigation to ${String(event.url).slice(0, 200)}`);
  });
  contents.on('will-redirect', (event) => {
    if (isOwnUrl(event.url)) return;
    event.preventDefault();
    log(`blocked redirect to ${String(event.url).slice(0, 200)}`);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Every permission request and check is refused: the app needs no camera, notifications, clipboard reads or MIDI. */
export function denyAllPermissions(session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'>): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
