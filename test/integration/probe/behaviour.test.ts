// The probe must not change the app: it runs a small probe of its own in worker threads, never keeps a finished app alive, survives
// awkward paths in NODE_OPTIONS, and leaves the user's own NODE_OPTIONS as they were for the app's children.
import { cpSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { probePath } from '../../../app/paths.js';
import type { TargetExit } from '../../../app/target/index.js';
import { cleanUpTargets, launchFixture, nextEvent, sleep } from '../target/target-helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'checkup-probe-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterEach(cleanUpTargets);

describe('the probe stays out of the way', () => {
  it('runs its thread probe in worker threads: one process hello, the thread a unit of its own', async () => {
    const target = await launchFixture('worker-app.cjs');
    await target.waitUntilListening(15_000);
    const line = target.lastLinesOf('stdout').find((l) => l.startsWith('WORKER='));
    expect(JSON.parse(line!.slice('WORKER='.length))).toEqual({ loaded: true, active: true });
    await sleep(200);
    expect(target.hellos).toHaveLength(1);
    const thread = target.units.units.find((u) => u.role === 'worker-thread');
    expect(thread).toMatchObject({ pid: target.pid, threadId: 1, parentId: String(target.pid) });
  });

  it("leaves the server object's shape alone (V8 fast properties kept: no per-request slowdown)", async () => {
    const target = await launchFixture('fast-properties.cjs', { nodeArgs: ['--allow-natives-syntax'] });
    await target.waitUntilListening(15_000);
    await sleep(100);
    expect(target.lastLinesOf('stdout')).toContain('FAST=true');
  });

  it('does not keep a finished app alive', async () => {
    const target = await launchFixture('exits-quietly.cjs', { sampleIntervalMs: 50 });
    const exit = await nextEvent<TargetExit>(target, 'exit', 5000);
    expect(exit).toMatchObject({ code: 0, signal: null, unexpected: true });
    expect(exit.at - target.launchedAt).toBeLessThan(3000);
    expect(target.lastLinesOf('stdout')).toContain('done');
  });

  it('loads from a path with spaces, quotes and a backslash, and restores the user NODE_OPTIONS for the app', async () => {
    const dir = join(tmp, 'a dir with "quotes", spaces and a \\ backslash');
    mkdirSync(dir, { recursive: true });
    // The probe and its sibling files, as a package would lay them out.
    cpSync(dirname(probePath), dir, { recursive: true });
    const probeFile = join(dir, 'probe.cjs');
    const target = await launchFixture('hello-server.cjs', { probeFile, env: { NODE_OPTIONS: '--max-old-space-size=200', SPAWN_PROBE_CHECK: '1' } });
    const ready = await target.waitUntilListening(15_000);
    expect(ready.inspectorUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\//);
    let info: { nodeOptions: string; childReport: { nodeOptions: string; probe: boolean } | null };
    do {
      info = (await (await fetch(`http://127.0.0.1:${ready.port}/info`)).json()) as typeof info;
    } while (!info.childReport && (await sleep(50), true));
    expect(info.nodeOptions).toBe('--max-old-space-size=200');
    // The child is probed too (from this awkward path), and sees the user's NODE_OPTIONS as they were.
    expect(info.childReport).toMatchObject({ nodeOptions: '--max-old-space-size=200', probe: true });
  });
});
