// Every way a target can fail to start or stop, each with its coded error, and no process left behind.
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { launchTarget, type TargetExit } from '../../../app/target/index.js';
import { pidAlive } from '../../../app/target/process-tree.js';
import { cleanUpTargets, expectCode, expectTreeGone, fixturesDir, launchFixture, nextEvent, sleep, track } from './target-helpers.js';

afterEach(cleanUpTargets);

function occupyPort(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

describe('before the target listens', () => {
  it('exits with an error: CHK_TARGET_EXITED_EARLY with the exit code and the last stderr lines', async () => {
    const target = await launchFixture('exit-early.cjs');
    const err = await expectCode(target.waitUntilListening(15_000), 'CHK_TARGET_EXITED_EARLY');
    expect(err.message).toContain('exit code 3');
    expect(err.details).toHaveLength(20);
    expect(err.details.at(-1)).toBe('Error: DATABASE_URL is not set');
    expect(target.exitInfo).toMatchObject({ code: 3, signal: null, unexpected: true });
    await expectTreeGone(target.pid);
  });

  it('never listens: CHK_TARGET_NEVER_LISTENED after the timeout, and the target is stopped', async () => {
    const target = await launchFixture('never-listens.cjs');
    const started = Date.now();
    const err = await expectCode(target.waitUntilListening(1500, { graceMs: 500 }), 'CHK_TARGET_NEVER_LISTENED');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(err.message).toContain('1.5 s');
    expect(err.details).toContain('working, but no server');
    expect(target.exitInfo?.unexpected).toBe(false);
    await expectTreeGone(target.pid);
  });

  it('port already taken: CHK_PORT_IN_USE naming the port', async () => {
    const blocker = await occupyPort();
    const port = (blocker.address() as AddressInfo).port;
    try {
      const target = await launchFixture('port-taken.cjs', { env: { PORT: String(port) } });
      const err = await expectCode(target.waitUntilListening(15_000), 'CHK_PORT_IN_USE');
      expect(err.params.port).toBe(port);
      expect(err.message).toContain(String(port));
      await expectTreeGone(target.pid);
    } finally {
      blocker.close();
    }
  });

  it('an app that handles EADDRINUSE and moves to another port is not a failure', async () => {
    const blocker = await occupyPort();
    const port = (blocker.address() as AddressInfo).port;
    try {
      const target = await launchFixture('port-retry.cjs', { env: { PORT: String(port) } });
      const ready = await target.waitUntilListening(15_000);
      expect(ready.port).not.toBe(port);
    } finally {
      blocker.close();
    }
  });

  it('the probe never loads (the start script replaces NODE_OPTIONS): CHK_PROBE_FAILED', async () => {
    const target = track(await launchTarget({ kind: 'npm', npmScript: 'noprobe', cwd: join(fixturesDir, 'npm-app') }));
    const err = await expectCode(target.waitUntilListening(20_000, { helloTimeoutMs: 3000, graceMs: 500 }), 'CHK_PROBE_FAILED');
    expect(err.message).toContain('NODE_OPTIONS');
    await expectTreeGone(target.pid);
  });

  it('a missing script or npm script is refused before anything starts', async () => {
    await expectCode(launchTarget({ kind: 'script', script: 'no-such-file.js', cwd: fixturesDir }), 'CHK_SCRIPT_NOT_FOUND');
    await expectCode(launchTarget({ kind: 'script', script: 'x.js', cwd: join(fixturesDir, 'no-such-folder') }), 'CHK_SCRIPT_NOT_FOUND');
    const err = await expectCode(launchTarget({ kind: 'npm', npmScript: 'nope', cwd: join(fixturesDir, 'npm-app') }), 'CHK_NPM_SCRIPT_NOT_FOUND');
    expect(err.params.available).toContain('withpre');
    await expectCode(launchTarget({ kind: 'script', script: 'hello-server.cjs', cwd: fixturesDir }, { node: '/no/such/node' }), 'CHK_NODE_NOT_FOUND');
    await expectCode(launchTarget({ kind: 'script', script: 'hello-server.cjs', cwd: fixturesDir }, { probeFile: join(fixturesDir, 'no-probe.cjs') }), 'CHK_PROBE_FAILED');
  });

  it('shutdown during start-up rejects the wait with CHK_INTERRUPTED', async () => {
    const target = await launchFixture('never-listens.cjs');
    const waiting = target.waitUntilListening(15_000);
    await sleep(200);
    await target.shutdown({ graceMs: 500 });
    await expectCode(waiting, 'CHK_INTERRUPTED');
    await expectTreeGone(target.pid);
  });
});

describe('after the target listens', () => {
  it('crashes: the exit event says unexpected, with the code, and the last stderr lines are kept', async () => {
    const target = await launchFixture('crash-after-listen.cjs', { env: { CRASH_AFTER_MS: '300' } });
    await target.waitUntilListening(15_000);
    const exit = await nextEvent<TargetExit>(target, 'exit', 10_000);
    expect(exit).toMatchObject({ code: 1, signal: null, unexpected: true });
    expect(target.lastLines().join('\n')).toContain('kaboom after listening');
    const result = await target.shutdown();
    expect(result).toMatchObject({ exitCode: 1, signal: null, forced: false });
    await expectTreeGone(target.pid);
  });

  it('ignores SIGTERM: shutdown forces it after the grace period', async () => {
    const target = await launchFixture('ignore-sigterm.cjs');
    await target.waitUntilListening(15_000);
    const started = Date.now();
    const result = await target.shutdown({ graceMs: 700 });
    expect(result).toMatchObject({ signal: 'SIGKILL', forced: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(650);
    expect(target.lastLinesOf('stdout')).toContain('SIGTERM ignored');
    await expectTreeGone(target.pid);
  });

  it('spawned a child of its own: the whole tree goes', async () => {
    const target = await launchFixture('spawns-child.cjs');
    await target.waitUntilListening(15_000);
    const line = target.lastLinesOf('stdout').find((l) => l.startsWith('CHILD_PID='));
    const childPid = Number(line?.slice('CHILD_PID='.length));
    expect(pidAlive(childPid)).toBe(true);
    // The child ignores SIGTERM, so this also needs the forced step for the group.
    const result = await target.shutdown({ graceMs: 500 });
    expect(result.forced).toBe(true);
    await expectTreeGone(target.pid, 3000, [childPid]);
  });
});
