// What the disk does to a session: a read-only or forbidden folder gets its own coded error (not "ENOENT"), a full disk
// leaves no empty session folder, the temporary files of an interrupted save are cleaned on the next scan, and a dead
// writer whose pid was given to another process is still seen as dead. Real mounts (tmpfs, as root), real users and
// real processes; the mount tests are skipped where this is not root on Linux.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processStartTime } from '../../../app/store/process-identity.js';
import { checkupBin, runCli } from '../../helpers/cli.js';

const root = mkdtempSync(join(tmpdir(), 'checkup-disk-'));
chmodSync(root, 0o755);
const mounts: string[] = [];
afterAll(() => {
  for (const m of mounts) spawnSync('umount', [m]);
  rmSync(root, { recursive: true, force: true });
});

const asRoot = process.platform === 'linux' && process.getuid?.() === 0;

function tmpfs(name: string, options: string): string {
  const dir = join(root, name);
  mkdirSync(dir);
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
  mounts.push(dir);
  return dir;
}

const runArgs = (out: string) => ['run', '--demo', 'healthy', '-d', '1', '--warmup', '0', '--no-heap', '--out', out];

describe.skipIf(!asRoot)('a session on a disk that refuses it', () => {
  it('says a read-only disk is read-only, not ENOENT', async () => {
    const ro = tmpfs('ro', 'ro,size=1m');
    const r = await runCli(runArgs(join(ro, 'sessions')));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('CHK_READ_ONLY');
    expect(r.stderr).toContain('read-only');
    expect(r.stderr).not.toContain('ENOENT');
  });

  it('says a folder the user may not write to is forbidden', async () => {
    const locked = join(root, 'locked');
    mkdirSync(locked, { mode: 0o755 });
    // Root may write anywhere: the CLI runs as `nobody` here, in a folder owned by root.
    const r = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [checkupBin, ...runArgs(join(locked, 'sessions'))], { uid: 65534, gid: 65534, env: { ...process.env, HOME: root, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (code) => resolve({ code, stderr }));
    });
    expect(r.stderr).toContain('CHK_NO_PERMISSION');
    expect(r.code).toBe(1);
  });

  it('leaves no session folder on a full disk', async () => {
    const full = tmpfs('full', 'size=64k');
    const sessions = join(full, 'sessions');
    mkdirSync(sessions);
    spawnSync('sh', ['-c', `head -c 1000000 /dev/zero > ${join(full, 'filler')}`]);
    const r = await runCli(runArgs(sessions));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('CHK_DISK_FULL');
    expect(readdirSync(sessions)).toEqual([]);
  });
});

/** A session.json as a writer that is now gone (or not) would have left it. */
function runningSession(sessions: string, id: string, writerPid: number, writerStartTime?: string): void {
  mkdirSync(join(sessions, id), { recursive: true });
  const recipe = { target: { kind: 'lab', lab: 'healthy', variant: 'slow', env: {} }, load: {}, profile: {}, readyTimeoutSec: 30, repeats: 1 };
  const session = { formatVersion: 1, id, name: id, project: '/p', createdAt: new Date().toISOString(), status: 'running', writerPid, ...(writerStartTime ? { writerStartTime } : {}), recipe, target: {}, timings: { startedAt: Date.now() }, summary: {}, files: ['session.json'], checkupVersion: '0' };
  writeFileSync(join(sessions, id, 'session.json'), JSON.stringify(session));
}

describe.skipIf(process.platform !== 'linux')('a session left running by a writer that is gone', () => {
  it('is interrupted when its pid now belongs to another process, running while its own writer runs', async () => {
    const sessions = join(root, 'pid-sessions');
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      const realStart = processStartTime(other.pid!);
      expect(realStart).toMatch(/^\d+$/);
      runningSession(sessions, 'reused-pid', other.pid!, String(Number(realStart) - 1000));
      runningSession(sessions, 'live-writer', other.pid!, realStart);
      const r = await runCli(['sessions', '--json', '--out', sessions]);
      expect(r.code).toBe(0);
      const listed = JSON.parse(r.stdout) as Array<{ id: string; interrupted: boolean }>;
      const byId = Object.fromEntries(listed.map((s) => [s.id, s.interrupted]));
      expect(byId).toEqual({ 'reused-pid': true, 'live-writer': false });
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('records its writer\'s start time', async () => {
    const sessions = join(root, 'recorded');
    const r = await runCli(['run', ...runArgs(sessions).slice(1), '--json']);
    expect(r.code).toBe(0);
    const { sessionId } = JSON.parse(r.stdout) as { sessionId: string };
    const session = JSON.parse(readFileSync(join(sessions, sessionId, 'session.json'), 'utf8')) as { writerPid: number; writerStartTime?: string };
    expect(session.writerStartTime).toMatch(/^\d+$/);
    // The CLI has exited: its pid and start time name no live process.
    expect(processStartTime(session.writerPid)).not.toBe(session.writerStartTime);
  });
});

describe('the temporary files of an interrupted save', () => {
  it('are removed on the next scan, while a live writer\'s are kept', async () => {
    const sessions = join(root, 'temps');
    runningSession(sessions, 'done', 1);
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const stale = join(sessions, 'done', `.load.json.${dead}.0123abcd.tmp`);
    const old = join(sessions, 'done', `.diagnosis.json.${process.pid}.4567cdef.tmp`);
    const live = join(sessions, 'done', `.samples.json.${process.pid}.89abcdef.tmp`);
    const pending = join(sessions, `.new-${dead}-20260101-000000-x-abcd`);
    for (const f of [stale, old, live]) writeFileSync(f, 'half a file');
    mkdirSync(pending);
    writeFileSync(join(pending, 'session.json'), '{');
    const anHourAgo = Date.now() / 1000 - 2 * 3600;
    utimesSync(old, anHourAgo, anHourAgo);
    const r = await runCli(['sessions', '--json', '--out', sessions]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(1);
    expect({ stale: existsSync(stale), old: existsSync(old), live: existsSync(live), pending: existsSync(pending) }).toEqual({ stale: false, old: false, live: true, pending: false });
  });
});
