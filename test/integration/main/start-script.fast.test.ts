// `npm start` (scripts/start.js, with --no-build: the suite builds first). Without an Electron runtime it fetches one
// with Electron's own installer (here from a local mirror on 127.0.0.1 serving a stand-in archive, into a scratch copy
// of node_modules/electron) and launches it; when the fetch cannot work it says why in one line and serves the app in
// browser mode; with a runtime (a stand-in executable) it launches it on the checkout. Either way Ctrl-C / SIGTERM ends
// everything it started.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rootDir } from '../../../app/paths.js';
import { freePort } from '../../../scripts/free-port.js';
import { electronVersion, runtimeArchiveName, scratchElectronPackage, startElectronMirror, zipArchive, type ElectronMirror } from '../../helpers/electron-mirror.js';

const started: ChildProcess[] = [];
const mirrors: ElectronMirror[] = [];
afterEach(async () => {
  // A test that failed part-way leaves start.js running: what it started (the browser-mode server) goes with it, or
  // it would outlive the test once start.js is killed without passing the signal on.
  for (const child of started.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    for (const pid of childrenOf(child.pid!)) if (alive(pid)) process.kill(pid, 'SIGKILL');
    child.kill('SIGKILL');
  }
  for (const mirror of mirrors.splice(0)) await mirror.close();
});

function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env, CHECKUP_DATA_DIR: mkdtempSync(join(tmpdir(), 'checkup-start-')) };
  delete base.DISPLAY;
  delete base.WAYLAND_DISPLAY;
  // Whatever configures Electron's download on this machine stays out of these tests.
  for (const key of Object.keys(base)) if (/^(electron_|npm_config_electron|force_no_cache$)/i.test(key)) delete base[key];
  return { ...base, ...extra };
}

function run(extraEnv: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, [join(rootDir, 'scripts', 'start.js'), '--no-build', ...args], { cwd: rootDir, env: env(extraEnv), stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  const out = { stdout: '', stderr: '' };
  child.stdout!.on('data', (c: Buffer) => (out.stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out.stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, out, exited };
}

async function until(check: () => boolean, ms: number, what: () => string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out; ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** pids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** A stand-in Electron runtime as a release archive holds it: the executable (it records how it was started) and `version`. */
function standInRuntimeArchive(record: string): Buffer {
  const executable = `#!${process.execPath}\nrequire('fs').writeFileSync(${JSON.stringify(record)}, JSON.stringify({ argv: process.argv.slice(2) }));\nprocess.exit(3);\n`;
  return zipArchive([
    { name: 'electron', data: executable, mode: 0o755 },
    { name: 'version', data: electronVersion },
    { name: 'LICENSE', data: 'stand-in' },
  ]);
}

/** A folder for PATH holding an `xdg-open` that records the address instead of opening a browser. */
function fakeOpener(dir: string): { bin: string; opened: string } {
  const bin = join(dir, 'bin');
  const opened = join(dir, 'opened.txt');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\necho "$1" >> ${JSON.stringify(opened)}\n`);
  chmodSync(join(bin, 'xdg-open'), 0o755);
  return { bin, opened };
}

describe('npm start (scripts/start.js)', () => {
  it('no runtime and no display: browser mode at once, nothing downloaded; stops the server on SIGINT', async () => {
    const work = mkdtempSync(join(tmpdir(), 'checkup-start-nodisplay-'));
    const pkg = scratchElectronPackage(work);
    const mirror = await startElectronMirror({ [runtimeArchiveName()]: standInRuntimeArchive(join(work, 'launched.json')) });
    mirrors.push(mirror);
    const { child, out, exited } = run({ CHECKUP_ELECTRON_PACKAGE: pkg, ELECTRON_MIRROR: mirror.url, electron_config_cache: join(work, 'cache') });
    // stdout and stderr are two pipes: the address on one may arrive before the hint on the other.
    await until(() => /Checkup UI: http:\/\/127\.0\.0\.1:\d+\/\?token=\w+/.test(out.stdout) && /no display here: open the address above/.test(out.stderr), 30_000, () => out.stdout + out.stderr);
    expect(out.stderr).toMatch(/no display/);
    expect(out.stderr).toMatch(/no display here: open the address above/);
    expect(mirror.requests).toEqual([]);
    expect(existsSync(join(pkg, 'dist'))).toBe(false);

    const url = /Checkup UI: (\S+)/.exec(out.stdout)![1]!;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const serve = childrenOf(child.pid!);
    expect(serve).toHaveLength(1);

    child.kill('SIGINT'); // no terminal here, so start.js passes it on
    expect(await exited).toBe(0);
    await until(() => !alive(serve[0]!), 10_000, () => 'serve still running');
  });

  it("no runtime, a display, a reachable mirror: fetches the runtime with Electron's installer, with progress, unpacks it where electron looks, and launches it", async () => {
    const work = mkdtempSync(join(tmpdir(), 'checkup-start-fetch-'));
    const pkg = scratchElectronPackage(work);
    const record = join(work, 'launched.json');
    const archive = standInRuntimeArchive(record);
    const mirror = await startElectronMirror({ [runtimeArchiveName()]: archive });
    mirrors.push(mirror);
    const cache = join(work, 'cache');
    const { out, exited } = run(
      { CHECKUP_ELECTRON_PACKAGE: pkg, ELECTRON_MIRROR: mirror.url, electron_config_cache: cache, electron_use_remote_checksums: '1', DISPLAY: ':99' },
      ['some.cpuprofile'],
    );
    expect(await exited, out.stderr).toBe(3); // the stand-in runtime's own exit status: it was launched
    expect(JSON.parse(readFileSync(record, 'utf8'))).toEqual({ argv: [rootDir, 'some.cpuprofile'] });

    // Fetched from the mirror, its checksum file included (the download is checked), then unpacked by install.js.
    expect(mirror.requests).toContain(`/v${electronVersion}/${runtimeArchiveName()}`);
    expect(mirror.requests).toContain(`/v${electronVersion}/SHASUMS256.txt`);
    expect(readFileSync(join(pkg, 'path.txt'), 'utf8')).toBe('electron');
    expect(statSync(join(pkg, 'dist', 'electron')).mode & 0o111).not.toBe(0);
    expect(readFileSync(join(pkg, 'dist', 'version'), 'utf8')).toBe(electronVersion);
    // @electron/get's cache holds the archive, so the next fetch (another checkout) needs no network.
    const cached = readdirSync(cache, { recursive: true }).map(String);
    expect(cached.some((p) => p.endsWith(runtimeArchiveName()))).toBe(true);

    expect(out.stderr).toMatch(/Electron's runtime is not installed yet/);
    expect(out.stderr).toContain(`downloading Electron ${electronVersion} (${process.platform}-${process.arch}) from 127.0.0.1:`);
    expect(out.stderr).toMatch(new RegExp(`of ${(archive.length / 1e6).toFixed(1)} MB \\(100%\\)`));
    expect(out.stderr).not.toMatch(/browser mode/);
  });

  it('no runtime, a display, offline (the mirror refuses connections): one line with the reason, then browser mode, opened in the browser', async () => {
    const work = mkdtempSync(join(tmpdir(), 'checkup-start-offline-'));
    const pkg = scratchElectronPackage(work);
    const port = await freePort(); // nothing listens there
    const opener = fakeOpener(work);
    const { child, out, exited } = run({
      CHECKUP_ELECTRON_PACKAGE: pkg,
      ELECTRON_MIRROR: `http://127.0.0.1:${port}/`,
      electron_config_cache: join(work, 'cache'),
      DISPLAY: ':99',
      PATH: `${opener.bin}:${process.env.PATH ?? ''}`,
    });
    await until(() => /Checkup UI: /.test(out.stdout) && existsSync(opener.opened), 30_000, () => out.stdout + out.stderr);
    const reasons = out.stderr.split('\n').filter((line) => line.includes("could not get Electron's runtime"));
    expect(reasons).toEqual([`checkup: could not get Electron's runtime: no connection to 127.0.0.1:${port} (ECONNREFUSED): offline, or a proxy or firewall in the way?. Opening Checkup in browser mode instead.`]);
    const url = /Checkup UI: (\S+)/.exec(out.stdout)![1]!;
    expect(readFileSync(opener.opened, 'utf8').trim()).toBe(url);
    expect(existsSync(join(pkg, 'dist'))).toBe(false);
    expect(existsSync(join(pkg, 'path.txt'))).toBe(false);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it("a runtime archive that does not match Electron's published checksum is refused: browser mode, nothing unpacked", async () => {
    const work = mkdtempSync(join(tmpdir(), 'checkup-start-checksum-'));
    const pkg = scratchElectronPackage(work);
    const mirror = await startElectronMirror({ [runtimeArchiveName()]: standInRuntimeArchive(join(work, 'launched.json')) });
    mirrors.push(mirror);
    const opener = fakeOpener(work);
    // No electron_use_remote_checksums: the checksums shipped in electron's package.json folder apply.
    const { child, out, exited } = run({
      CHECKUP_ELECTRON_PACKAGE: pkg,
      ELECTRON_MIRROR: mirror.url,
      electron_config_cache: join(work, 'cache'),
      DISPLAY: ':99',
      PATH: `${opener.bin}:${process.env.PATH ?? ''}`,
    });
    await until(() => /Checkup UI: /.test(out.stdout), 30_000, () => out.stdout + out.stderr);
    expect(out.stderr).toMatch(/could not get Electron's runtime: the download from 127\.0\.0\.1:\d+ did not match Electron's published checksum\. Opening Checkup in browser mode instead\./);
    expect(mirror.requests).toContain(`/v${electronVersion}/${runtimeArchiveName()}`);
    expect(existsSync(join(pkg, 'path.txt'))).toBe(false);
    expect(existsSync(join(work, 'launched.json'))).toBe(false);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('with a runtime and a display: launches Electron on the checkout, without ELECTRON_RUN_AS_NODE, passing files on', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'checkup-electron-standin-'));
    const record = join(dist, 'launched.json');
    writeFileSync(
      join(dist, 'electron'),
      `#!${process.execPath}\nrequire('fs').writeFileSync(${JSON.stringify(record)}, JSON.stringify({ argv: process.argv.slice(2), runAsNode: process.env.ELECTRON_RUN_AS_NODE ?? null }));\nprocess.exit(3);\n`,
    );
    chmodSync(join(dist, 'electron'), 0o755);
    const { exited } = run({ ELECTRON_OVERRIDE_DIST_PATH: dist, DISPLAY: ':99', ELECTRON_RUN_AS_NODE: '1' }, ['some.cpuprofile']);
    expect(await exited).toBe(3); // the app's own exit status
    expect(JSON.parse(readFileSync(record, 'utf8'))).toEqual({ argv: [rootDir, 'some.cpuprofile'], runAsNode: null });
  });

  it('with a runtime but no display: browser mode instead', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'checkup-electron-standin-'));
    writeFileSync(join(dist, 'electron'), '#!/bin/sh\nexit 0\n');
    chmodSync(join(dist, 'electron'), 0o755);
    const { child, out, exited } = run({ ELECTRON_OVERRIDE_DIST_PATH: dist });
    await until(() => /Checkup UI: /.test(out.stdout), 30_000, () => out.stdout + out.stderr);
    expect(out.stderr).toMatch(/no display/i);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
