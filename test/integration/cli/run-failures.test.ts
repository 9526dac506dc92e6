// `checkup run` when things go wrong, end to end: the real CLI as a child process, real targets. In every case: a
// clear coded message and exit status, the partial session saved and marked, and no process left behind.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionFile } from '../../../app/contract/session.js';
import { rootDir } from '../../../app/paths.js';
import { processesWith, runCli, startCli, waitFor } from '../../helpers/cli.js';
import { freePort } from '../../../scripts/free-port.js';

const fixture = (dir: string, name: string) => join(rootDir, 'test', 'fixtures', dir, name);
const marker = () => `checkup-test-${randomBytes(6).toString('hex')}`;
const outDir = () => mkdtempSync(join(tmpdir(), 'checkup-cli-'));

function onlySession(dir: string): { session: SessionFile; path: string } {
  const names = readdirSync(dir);
  expect(names).toHaveLength(1);
  const path = join(dir, names[0]!);
  return { session: JSON.parse(readFileSync(join(path, 'session.json'), 'utf8')) as SessionFile, path };
}

let markers: string[] = [];
afterEach(async () => {
  // Whatever the assertions said, nothing with this test's marker may still run.
  const left = markers.flatMap((m) => (processesWith(m).length ? [m] : []));
  const settled = await waitFor(() => markers.every((m) => processesWith(m).length === 0), 5000);
  // Clean up before failing, so one broken case cannot leave processes to the next.
  const stragglers = markers.flatMap((m) => processesWith(m));
  for (const pid of stragglers) process.kill(pid, 'SIGKILL');
  markers = [];
  expect(settled, `processes left for ${left.join(', ')}: ${stragglers.join(', ')}`).toBe(true);
});

describe('checkup run failure cases', () => {
  it('the target exits with an error before listening', async () => {
    const m = marker();
    markers.push(m);
    const out = outDir();
    const r = await runCli(['run', '--out', out, '--', 'node', fixture('targets', 'exit-early.cjs'), m]);
    expect(r.code).toBe(3);
    expect(r.stdout + r.stderr).toContain('CHK_TARGET_EXITED_EARLY');
    expect(r.stdout + r.stderr).toContain('exit code 3');
    expect(r.stdout + r.stderr).toContain('DATABASE_URL is not set');
    const { session, path } = onlySession(out);
    expect(session).toMatchObject({ status: 'partial', partialReason: 'CHK_TARGET_EXITED_EARLY' });
    expect(readFileSync(join(path, 'target.log'), 'utf8')).toContain('DATABASE_URL is not set');
  });

  it('the target never listens (readiness timeout)', async () => {
    const m = marker();
    markers.push(m);
    const out = outDir();
    const r = await runCli(['run', '--ready-timeout', '2', '--out', out, '--', 'node', fixture('targets', 'never-listens.cjs'), m]);
    expect(r.code).toBe(3);
    expect(r.stdout + r.stderr).toContain('CHK_TARGET_NEVER_LISTENED');
    expect(onlySession(out).session).toMatchObject({ status: 'partial', partialReason: 'CHK_TARGET_NEVER_LISTENED' });
  });

  it('an npm script that resets NODE_OPTIONS: the probe never starts in the app, and the user is told why and what to do', async () => {
    const m = marker();
    markers.push(m);
    const out = outDir();
    const port = await freePort();
    const r = await runCli(['run', '--port', String(port), '-d', '2', '--warmup', '0', '--cwd', fixture('targets', 'npm-app'), '-e', `PORT=${port}`, '--out', out, '--', 'npm', 'run', 'noprobe', '--', m]);
    expect(r.code, r.stdout + r.stderr).toBe(3);
    expect(r.stdout + r.stderr).toContain('CHK_PROBE_FAILED');
    expect(r.stdout + r.stderr).toMatch(new RegExp(`listens on port ${port}, but the probe never started inside it.*NODE_OPTIONS`, 's'));
    expect(onlySession(out).session).toMatchObject({ status: 'partial', partialReason: 'CHK_PROBE_FAILED' });
  });

  it('a start failure is labelled as one in the JSON and the history, never as "not enough data"', async () => {
    for (const [script, args, title, said] of [
      ['exit-early.cjs', [], 'The app did not start', /exited with exit code 3 before it listened.*DATABASE_URL is not set/],
      ['never-listens.cjs', ['--ready-timeout', '2'], 'The app never listened', /never listened on a port: Checkup waited 2 s/],
    ] as const) {
      const m = marker();
      markers.push(m);
      const out = outDir();
      const r = await runCli(['run', '--json', ...args, '--out', out, '--', 'node', fixture('targets', script), m]);
      expect(r.code).toBe(3);
      const doc = JSON.parse(r.stdout);
      expect(doc.diagnosis.verdict).toBe('start-failed');
      expect(doc.diagnosis.findings[0].title).toBe(title);
      expect(doc.diagnosis.findings[0].explanation).toMatch(said);
      expect(JSON.stringify(doc.diagnosis)).not.toMatch(/Not enough data|load for longer/);
      expect(onlySession(out).session.summary).toMatchObject({ verdict: 'start-failed' });
    }
  });

  it('the target crashes during the load: the crash is diagnosed with the throwing function', async () => {
    const m = marker();
    markers.push(m);
    const out = outDir();
    const r = await runCli(['run', '--json', '-d', '5', '--warmup', '0', '--out', out, '--', 'node', fixture('cli', 'crash-under-load.js'), m]);
    expect(r.code).toBe(3);
    const doc = JSON.parse(r.stdout);
    expect(doc.error.code).toBe('CHK_TARGET_CRASHED');
    expect(doc.status).toBe('partial');
    expect(doc.diagnosis.verdict).toBe('target-crashed');
    expect(doc.diagnosis.findings[0].explanation).toContain('order.items is not iterable');
    expect(doc.diagnosis.findings[0].culprits[0]).toMatchObject({ functionName: 'parseOrder', line: 7, category: 'app' });
    expect(onlySession(out).session).toMatchObject({ status: 'partial', partialReason: 'CHK_TARGET_CRASHED', target: { exitedUnexpectedly: true, exitCode: 1 } });
  });

  it('the target dies as soon as it listens, while the inspector connects: its crash and its own output, not the refused connection', async () => {
    const m = marker();
    markers.push(m);
    const out = outDir();
    const r = await runCli(['run', '--json', '-d', '2', '--warmup', '0', '--out', out, '--', 'node', fixture('targets', 'crash-after-listen.cjs'), m], { CRASH_AFTER_MS: '0' });
    expect(r.code).toBe(3);
    const doc = JSON.parse(r.stdout);
    expect(doc.error.code, doc.error.message).toBe('CHK_TARGET_CRASHED');
    expect(doc.error.details.join('\n')).toContain('kaboom after listening');
    expect(doc.diagnosis.verdict).toBe('target-crashed');
    expect(onlySession(out).session).toMatchObject({ status: 'partial', partialReason: 'CHK_TARGET_CRASHED', target: { exitedUnexpectedly: true, exitCode: 1 } });
  });

  describe('with a port already taken', () => {
    let holder: Server;
    it('reports CHK_PORT_IN_USE with the port', async () => {
      holder = createServer();
      await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
      const port = (holder.address() as { port: number }).port;
      const m = marker();
      markers.push(m);
      const out = outDir();
      const r = await runCli(['run', '--out', out, '-e', `PORT=${port}`, '--', 'node', fixture('targets', 'port-taken.cjs'), m]);
      holder.close();
      expect(r.code).toBe(3);
      expect(r.stdout + r.stderr).toContain('CHK_PORT_IN_USE');
      expect(r.stdout + r.stderr).toContain(String(port));
      expect(onlySession(out).session.partialReason).toBe('CHK_PORT_IN_USE');
    });
  });

  it('invalid options: a coded error, exit 2, no session, one JSON document with --json', async () => {
    const out = outDir();
    const human = await runCli(['run', '-c', 'zero', '--out', out, '--', 'node', fixture('cli', 'hello.js')]);
    expect(human.code).toBe(2);
    expect(human.stderr).toMatch(/CHK_INVALID_OPTIONS.*--connections must be a number/);
    const json = await runCli(['run', '--json', '--path', 'nope', '--out', out, '--', 'node', fixture('cli', 'hello.js')]);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout).error).toMatchObject({ code: 'CHK_INVALID_OPTIONS' });
    expect(readdirSync(out)).toEqual([]);
  });

  // Issue 15 item 7: refused before the target is launched (it used to be launched, then taken down, with a partial
  // session saved); so there is no process to take down and no session.
  it('refuses to load a non-loopback host before launching the target', async () => {
    const m = marker();
    markers.push(m);
    const out = outDir();
    const r = await runCli(['run', '--host', '10.1.2.3', '--out', out, '--', 'node', fixture('cli', 'hello.js'), m]);
    expect(r.code).toBe(2);
    expect(r.stdout + r.stderr).toContain('CHK_REMOTE_LOAD_REFUSED');
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
    expect(processesWith(m)).toEqual([]);
  });

  it('Ctrl-C during the load stops the run, saves the partial session, and kills the whole target tree', async () => {
    const m = marker();
    markers.push(m);
    const out = outDir();
    const { child, done } = startCli(['run', '-d', '30', '--warmup', '1', '--out', out, '--', 'node', fixture('cli', 'forever-with-child.js'), m]);
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    expect(await waitFor(() => /measuring 2\/30 s/.test(stderr), 30_000), stderr).toBe(true);
    // The app and its helper child (the CLI's own command line carries the marker too).
    expect(processesWith(m).filter((pid) => pid !== child.pid)).toHaveLength(2);
    child.kill('SIGINT');
    const r = await done;
    expect(r.code).toBe(4);
    expect(r.stdout).toContain('CHK_INTERRUPTED');
    const { session, path } = onlySession(out);
    expect(session).toMatchObject({ status: 'partial', partialReason: 'CHK_INTERRUPTED' });
    // What was measured before the stop is kept and diagnosed.
    expect(existsSync(join(path, 'diagnosis.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(path, 'load.json'), 'utf8')).requestsTotal).toBeGreaterThan(0);
  });
});

