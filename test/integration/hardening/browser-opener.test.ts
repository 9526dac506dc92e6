// `checkup serve` opens the browser without its secret on any command line: every user can read every process's
// arguments (/proc/PID/cmdline), and the token lets its holder call the engine (start a run of any script) as you.
// The opener (a stand-in xdg-open on the PATH that records what it was given) receives a file only the user can read;
// another local user (made with useradd, removed after) cannot read it; a real Chromium opening that file lands on
// browser mode logged in; the one-time code in it is refused the second time.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../../app/paths.js';
import { launchChromium, rawRequest, URL_LINE } from '../../helpers/browser.js';

const dir = mkdtempSync(join(tmpdir(), 'checkup-opener-'));
chmodSync(dir, 0o755);
const OTHER_USER = `chkother${process.pid % 100000}`;
const asRoot = process.platform === 'linux' && process.getuid?.() === 0;
let serve: ChildProcess | undefined;

beforeAll(() => {
  const bin = join(dir, 'bin');
  execFileSync('mkdir', ['-p', bin]);
  // Records its arguments, one per line, as an opener would receive them.
  writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > ${JSON.stringify(join(dir, 'opener-args'))}\n`, { mode: 0o755 });
  if (asRoot) execFileSync('useradd', ['--no-create-home', '--shell', '/usr/sbin/nologin', OTHER_USER]);
});

afterAll(() => {
  serve?.kill('SIGKILL');
  if (asRoot) spawnSync('userdel', [OTHER_USER]);
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform !== 'linux')('the browser opened by `checkup serve`', () => {
  it('never sees the token on a command line, and gets in through a private one-time page', async () => {
    serve = spawn(process.execPath, [join(rootDir, 'bin', 'checkup.js'), 'serve', '--port', '0', '--out', join(dir, 'sessions')], {
      env: { ...process.env, PATH: `${join(dir, 'bin')}:${process.env.PATH}`, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    serve.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    const deadline = Date.now() + 20_000;
    while ((!out.includes('\n') || !existsSync(join(dir, 'opener-args'))) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const m = URL_LINE.exec(out.split('\n')[0]!);
    expect(m, out).toBeTruthy();
    const [port, token] = [Number(m![1]), m![2]!];
    await new Promise((r) => setTimeout(r, 200));
    const args = readFileSync(join(dir, 'opener-args'), 'utf8').trim().split('\n');
    expect(args.join(' '), 'the token was on the opener\'s command line').not.toContain(token);
    expect(args).toHaveLength(1);

    const page = args[0]!;
    expect(statSync(page).mode & 0o077, 'the page is readable by others').toBe(0);
    expect(statSync(join(page, '..')).mode & 0o077).toBe(0);
    const code = /code=([0-9a-f]{64})/.exec(readFileSync(page, 'utf8'))?.[1];
    expect(code).toBeDefined();
    if (asRoot) {
      const other = spawnSync('runuser', ['-u', OTHER_USER, '--', 'cat', page], { encoding: 'utf8' });
      expect(other.status).not.toBe(0);
      expect(other.stdout).not.toContain(code);
    }

    const browser = await launchChromium();
    try {
      const tab = await browser.newPage();
      await tab.goto(`file://${page}`);
      await tab.waitForURL(`http://127.0.0.1:${port}/`, { timeout: 15_000 });
      // The cookie the code was traded for opens the rest of browser mode.
      const status = await tab.evaluate(async () => (await fetch('/speedscope/index.html')).status);
      expect(status).toBe(200);
    } finally {
      await browser.close();
    }
    // Spent: the same code again, or from anyone else, is refused.
    expect((await rawRequest(port, `/?code=${code}`)).status).toBe(403);
    expect((await rawRequest(port, `/?token=${token}`)).status).toBe(200);
  }, 60_000);
});
