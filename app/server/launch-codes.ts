// How the browser gets browser mode's secret without it ever appearing on a command line. The opener (xdg-open, open,
// rundll32) and the browser it starts take the address as an argument, and every user of the machine can read every
// process's arguments (/proc/PID/cmdline). So what is opened is a file only the user can read (a folder 0700, a file
// 0600), holding a redirect to an address with a one-time code; the server trades the code, once and within a minute,
// for the session cookie and sends the browser on to the address without it. The token itself is printed on the
// terminal for the user, never passed to another program.
import { randomBytes } from 'node:crypto';
import { promises as fs, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tokensEqual } from './guard.js';

/** Long enough for a browser to start cold; short enough that a code found later is worth nothing. */
const LAUNCH_CODE_LIFETIME_MS = 60_000;

export class LaunchCodes {
  private readonly live = new Map<string, number>();

  constructor(private readonly lifetimeMs = LAUNCH_CODE_LIFETIME_MS) {}

  /** A fresh code: 32 random bytes as hex, good once. */
  issue(): string {
    const code = randomBytes(32).toString('hex');
    this.live.set(code, Date.now() + this.lifetimeMs);
    return code;
  }

  /** True once for a live code (compared in constant time); the code is spent either way. */
  redeem(given: string): boolean {
    const now = Date.now();
    for (const [code, expires] of this.live) {
      if (expires < now) {
        this.live.delete(code);
        continue;
      }
      if (tokensEqual(given, code)) {
        this.live.delete(code);
        return true;
      }
    }
    return false;
  }
}

/** A page only this user can read that sends the browser to `url`; removed after the code's lifetime. */
export async function privateRedirectFile(url: string, lifetimeMs = LAUNCH_CODE_LIFETIME_MS): Promise<{ path: string; remove(): Promise<void> }> {
  const dir = await fs.mkdtemp(join(tmpdir(), 'checkup-open-'));
  await fs.chmod(dir, 0o700);
  const path = join(dir, 'open-checkup.html');
  const html = `<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${url}"><title>Checkup</title><a href="${url}">Open Checkup</a>\n`;
  await fs.writeFile(path, html, { mode: 0o600, flag: 'wx' });
  const remove = () => fs.rm(dir, { recursive: true, force: true });
  setTimeout(() => void remove(), lifetimeMs).unref();
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return { path, remove };
}
