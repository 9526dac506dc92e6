// Launching real targets: a plain script and an npm script, with args, env and cwd; the port comes from the probe
// (not from what the app prints); the inspector is on 127.0.0.1 and answers; output reaches the events, line by line,
// stamped with the time it was read (the session writer appends those events to target.log).
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { launchTarget, type LogLine } from '../../../app/target/index.js';
import { freePort } from '../../../scripts/free-port.js';
import { cleanUpTargets, expectTreeGone, fixturesDir, launchFixture, sleep, track } from './target-helpers.js';

interface Info {
  argv: string[];
  cwd: string;
  fixtureVar: string | null;
  nodeOptions: string;
  probeEnv: string[];
  childReport: { nodeOptions: string; probe: boolean; channel: boolean } | null;
}

async function getInfo(port: number, waitForChild = false): Promise<Info> {
  for (;;) {
    const info = (await (await fetch(`http://127.0.0.1:${port}/info`)).json()) as Info;
    if (!waitForChild || info.childReport) return info;
    await sleep(50);
  }
}

afterEach(cleanUpTargets);

describe('launching a plain script', () => {
  it('finds the real port through the probe, passes args/env/cwd, opens a loopback inspector, logs output', async () => {
    const target = await launchFixture('hello-server.cjs', { args: ['first arg', '--flag'], env: { FIXTURE_VAR: 'from-env', SPAWN_PROBE_CHECK: '1' } });
    const lines: LogLine[] = [];
    target.on('log', (l) => lines.push(l));

    const ready = await target.waitUntilListening(15_000);
    // The fixture prints "listening on 9999"; the real port is random.
    expect(ready.port).not.toBe(9999);
    expect(await (await fetch(`http://127.0.0.1:${ready.port}/`)).text()).toBe('hello');
    expect(ready.startupMs).toBeGreaterThan(0);
    expect(ready.startupMs).toBeLessThan(10_000);
    expect(ready.pid).toBe(target.pid);

    const info = await getInfo(ready.port, true);
    expect(info.argv).toEqual(['first arg', '--flag']);
    expect(info.cwd).toBe(fixturesDir);
    expect(info.fixtureVar).toBe('from-env');
    // The probe took itself out of the environment; the app's own Node children are probed (issue 11), and their
    // probes take themselves out of the children's environments too.
    expect(info.nodeOptions).toBe('');
    expect(info.probeEnv).toEqual([]);
    expect(info.childReport).toEqual({ nodeOptions: '', probe: true, channel: false });
    expect(target.hellos.filter((h) => h.pid === target.pid)).toHaveLength(1);
    expect(target.units.units.find((u) => u.role === 'child')?.parentId).toBe(String(target.pid));

    // Inspector: loopback only, and it answers.
    const url = new URL(ready.inspectorUrl!);
    expect(url.protocol).toBe('ws:');
    expect(url.hostname).toBe('127.0.0.1');
    const version = (await (await fetch(`http://127.0.0.1:${url.port}/json/version`)).json()) as { Browser: string };
    expect(version.Browser).toMatch(/^node\.js\/v\d+/);

    await sleep(100);
    expect(lines.some((l) => l.stream === 'stdout' && l.text === 'listening on 9999')).toBe(true);
    expect(lines.some((l) => l.stream === 'stderr' && l.text === 'server ready')).toBe(true);

    const result = await target.shutdown();
    expect(result.signal).toBe('SIGTERM');
    expect(result.forced).toBe(false);
    expect(target.exitInfo?.unexpected).toBe(false);
    // Every line came whole (no newline, no carriage return) and stamped between the launch and the shutdown.
    const shutDownAt = Date.now();
    expect(lines.filter((l) => l.text === 'listening on 9999')).toHaveLength(1);
    for (const l of lines) {
      expect(l.text).not.toMatch(/[\r\n]/);
      expect(l.ts).toBeGreaterThanOrEqual(target.launchedAt);
      expect(l.ts).toBeLessThanOrEqual(shutDownAt);
    }
    await expectTreeGone(target.pid);
  });

  it('waits for the port the user names, not the first one the app opens', async () => {
    const wanted = await freePort();
    // io-caller opens its own server first, then a "downstream" server on DOWNSTREAM_PORT.
    const target = await launchFixture('io-caller.mjs', { env: { SLOW_MS: '10', DOWNSTREAM_PORT: String(wanted) }, port: wanted });
    const ready = await target.waitUntilListening(15_000);
    expect(ready.port).toBe(wanted);
    expect(target.servers.length).toBe(2);
    expect(target.servers[0]!.port).not.toBe(wanted);
  });

  it('loads the app, not a downstream service the app starts as a child and that listens first', async () => {
    const target = await launchFixture('starts-a-downstream.cjs');
    const ready = await target.waitUntilListening(15_000);
    expect(target.servers.length).toBe(2);
    const [downstream, app] = target.servers;
    expect(downstream!.pid).not.toBe(app!.pid);
    expect(ready.port).toBe(app!.port);
    expect(await (await fetch(`http://127.0.0.1:${ready.port}/`)).text()).toBe('app');
  });

  it('takes the server of a child when the launched process never listens itself (a launcher script)', async () => {
    const target = await launchFixture('starts-a-downstream.cjs', { env: { ONLY_CHILD: '1' } });
    const ready = await target.waitUntilListening(15_000);
    expect(await (await fetch(`http://127.0.0.1:${ready.port}/`)).text()).toBe('downstream');
  });

  it('shutdown is idempotent', async () => {
    const target = await launchFixture('hello-server.cjs');
    await target.waitUntilListening(15_000);
    const [a, b] = await Promise.all([target.shutdown(), target.shutdown()]);
    expect(a).toEqual(b);
    expect(await target.shutdown()).toEqual(a);
  });
});

describe('launching an npm script', () => {
  it('runs the app behind npm with args/env/cwd, ignoring a pre-script and npm itself', async () => {
    const cwd = join(fixturesDir, 'npm-app');
    const target = track(await launchTarget({ kind: 'npm', npmScript: 'withpre', args: ['a b', '--x'], cwd, env: { FIXTURE_VAR: 'npm-env' } }));
    const ready = await target.waitUntilListening(30_000);
    expect(ready.port).not.toBe(9999);
    // The app is a grandchild: npm -> sh -> node. Its pid is the probe's, not the one we spawned.
    expect(ready.pid).toBeDefined();
    expect(ready.pid).not.toBe(target.pid);
    expect(target.appPid).toBe(ready.pid);
    // npm itself stayed dormant; the pre-script was probed but did not become the app.
    expect(target.hellos.map((h) => h.argv[1]?.replace(/\\/g, '/'))).toEqual([expect.stringMatching(/npm-app\/pre\.cjs$/), expect.stringMatching(/hello-server\.cjs$/)]);
    expect(target.hello?.argv[1]).toMatch(/hello-server\.cjs$/);

    const info = await getInfo(ready.port);
    expect(info.argv).toEqual(['a b', '--x']);
    expect(info.cwd).toBe(cwd);
    expect(info.fixtureVar).toBe('npm-env');
    expect(info.nodeOptions).toBe('');
    expect(new URL(ready.inspectorUrl!).hostname).toBe('127.0.0.1');

    const appPid = ready.pid!;
    await target.shutdown();
    await expectTreeGone(target.pid, 3000, [appPid]);
  });
});
