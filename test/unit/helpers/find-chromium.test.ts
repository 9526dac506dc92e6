import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium, NO_CHROMIUM, type Machine } from '../../helpers/find-chromium.js';

/** A machine described by the files it has: what findChromium sees elsewhere (other platforms, no browser). */
function machine(platform: NodeJS.Platform, files: string[], env: NodeJS.ProcessEnv = {}, home = '/home/ada'): Machine {
  const set = new Set(files);
  return {
    platform,
    env,
    home,
    exists: (p) => set.has(p),
    list: (dir) => [...new Set(files.filter((f) => f.startsWith(dir + '/')).map((f) => f.slice(dir.length + 1).split('/')[0]!))],
  };
}

describe('finding a Chrome or Chromium for the browser tests', () => {
  it('takes CHECKUP_CHROMIUM first, and says so when it names nothing', () => {
    expect(findChromium(machine('linux', ['/opt/c/chrome', '/usr/bin/chromium'], { CHECKUP_CHROMIUM: '/opt/c/chrome' }))).toBe('/opt/c/chrome');
    expect(() => findChromium(machine('linux', ['/usr/bin/chromium'], { CHECKUP_CHROMIUM: '/nope' }))).toThrow(/CHECKUP_CHROMIUM names \/nope/);
  });

  it('finds the usual installs per platform and on the PATH', () => {
    expect(findChromium(machine('linux', ['/usr/bin/chromium-browser']))).toBe('/usr/bin/chromium-browser');
    expect(findChromium(machine('linux', ['/home/ada/bin/google-chrome'], { PATH: '/usr/local/bin:/home/ada/bin' }))).toBe('/home/ada/bin/google-chrome');
    expect(findChromium(machine('darwin', ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome']))).toBe('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
    const win = join('C:\\Program Files', 'Google', 'Chrome', 'Application', 'chrome.exe');
    expect(findChromium(machine('win32', [win], { PROGRAMFILES: 'C:\\Program Files' }))).toBe(win);
  });

  it("falls back to playwright's download cache, newest build first", () => {
    const cache = '/home/ada/.cache/ms-playwright';
    const files = [`${cache}/chromium-1100/chrome-linux/chrome`, `${cache}/chromium-1181/chrome-linux/chrome`];
    expect(findChromium(machine('linux', files))).toBe(`${cache}/chromium-1181/chrome-linux/chrome`);
  });

  it('without any, fails with one line that says what to install', () => {
    expect(() => findChromium(machine('linux', []))).toThrow(NO_CHROMIUM);
    expect(NO_CHROMIUM).not.toContain('\n');
    expect(NO_CHROMIUM).toMatch(/apt install chromium/);
  });

  it('finds the one on this machine', () => {
    const found = findChromium();
    expect(existsSync(found)).toBe(true);
  });
});
