// Where the browser tests find a Chrome or Chromium: CHECKUP_CHROMIUM when set, else the usual places per platform
// (the PATH's chromium and google-chrome, the install folders of macOS and Windows), else playwright's own download
// cache. When there is none, one line says what to install.
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

export interface Machine {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  home: string;
  exists(path: string): boolean;
  list(dir: string): string[];
}

const thisMachine: Machine = {
  platform: process.platform,
  env: process.env,
  home: homedir(),
  exists: existsSync,
  list: (dir) => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  },
};

export const NO_CHROMIUM =
  'No Chrome or Chromium for the browser tests: install one (Debian/Ubuntu: sudo apt install chromium; Fedora: sudo dnf install chromium; macOS: brew install --cask chromium; Windows: Google Chrome), or run npx playwright-core install chromium, or set CHECKUP_CHROMIUM to its path.';

const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];

function installed(m: Machine): string[] {
  if (m.platform === 'darwin') {
    const apps = ['Google Chrome.app/Contents/MacOS/Google Chrome', 'Chromium.app/Contents/MacOS/Chromium', 'Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing', 'Microsoft Edge.app/Contents/MacOS/Microsoft Edge'];
    return [...apps.map((a) => join('/Applications', a)), ...apps.map((a) => join(m.home, 'Applications', a))];
  }
  if (m.platform === 'win32') {
    const roots = [m.env.PROGRAMFILES, m.env['PROGRAMFILES(X86)'], m.env.LOCALAPPDATA].filter((r): r is string => Boolean(r));
    return roots.flatMap((r) => [join(r, 'Google', 'Chrome', 'Application', 'chrome.exe'), join(r, 'Chromium', 'Application', 'chrome.exe'), join(r, 'Microsoft', 'Edge', 'Application', 'msedge.exe')]);
  }
  const onPath = (m.env.PATH ?? '').split(delimiter).filter(Boolean).flatMap((dir) => PATH_NAMES.map((n) => join(dir, n)));
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/snap/bin/chromium', ...onPath];
}

/** playwright's download cache (PLAYWRIGHT_BROWSERS_PATH, else its per-platform default), newest build first. */
function playwrightCache(m: Machine): string[] {
  const cache =
    m.env.PLAYWRIGHT_BROWSERS_PATH ??
    (m.platform === 'darwin' ? join(m.home, 'Library', 'Caches', 'ms-playwright') : m.platform === 'win32' ? join(m.env.LOCALAPPDATA ?? join(m.home, 'AppData', 'Local'), 'ms-playwright') : join(m.home, '.cache', 'ms-playwright'));
  const builds = m
    .list(cache)
    .filter((d) => /^chromium(_headless_shell)?-\d+$/.test(d))
    .sort((a, b) => Number(b.split('-').pop()) - Number(a.split('-').pop()) || a.length - b.length);
  const inside = ['chrome-linux/chrome', 'chrome-linux64/chrome', 'chrome-linux/headless_shell', 'chrome-headless-shell-linux64/chrome-headless-shell', 'chrome-mac/Chromium.app/Contents/MacOS/Chromium', 'chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing', 'chrome-win/chrome.exe', 'chrome-win64/chrome.exe'];
  return builds.flatMap((b) => inside.map((p) => join(cache, b, ...p.split('/'))));
}

/** The browser to test with, or an Error whose message is the one line above. */
export function findChromium(m: Machine = thisMachine): string {
  const chosen = m.env.CHECKUP_CHROMIUM;
  if (chosen) {
    if (m.exists(chosen)) return chosen;
    throw new Error(`CHECKUP_CHROMIUM names ${chosen}, which does not exist. ${NO_CHROMIUM}`);
  }
  const found = [...installed(m), ...playwrightCache(m)].find((p) => m.exists(p));
  if (!found) throw new Error(NO_CHROMIUM);
  return found;
}
