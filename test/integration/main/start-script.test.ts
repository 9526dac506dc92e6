// `npm start` (scripts/start.js, with --no-build: the suite builds first). Without an Electron runtime it explains
// how to get one and serves the app in browser mode; with one (a stand-in executable here) it launches it on the
// checkout. Either way Ctrl-C / SIGTERM ends everything it started.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rootDir } from '../../../app/paths.js';

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env, CHECKUP_DATA_DIR: mkdtempSync(join(tmpdir(), 'checkup-start-')) };
  delete base.DISPLAY;
  delete base.WAYLAND_DISPLAY;
  delete base.ELECTRON_OVERRIDE_DIST_PATH;
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

describe('npm start (scripts/start.js)', () => {
  const runtimeInstalled = existsSync(join(rootDir, 'node_modules', 'electron', 'path.txt'));
  it.skipIf(runtimeInstalled)('without an Electron runtime: says how to get one, serves browser mode, and stops it on SIGINT', async () => {
    const { child, out, exited } = run({});
    await until(() => /Checkup UI: http:\/\/127\.0\.0\.1:\d+\/\?token=\w+/.test(out.stdout), 30_000, () => out.stdout + out.stderr);
    expect(out.stderr).toMatch(/Electron's runtime is not installed/);
    expect(out.stderr).toMatch(/npm install-scripts approve electron/);
    expect(out.stderr).toMatch(/node node_modules\/electron\/install\.js/);
    expect(out.stderr).toMatch(/no display here/);

    const url = /Checkup UI: (\S+)/.exec(out.stdout)![1]!;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const serve = childrenOf(child.pid!);
    expect(serve).toHaveLength(1);

    child.kill('SIGINT'); // no terminal here, so start.js passes it on
    expect(await exited).toBe(0);
    await until(() => !alive(serve[0]!), 10_000, () => 'serve still running');
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
