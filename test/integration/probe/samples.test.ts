// What the probe measures inside real targets: sample cadence and sanity, event-loop delay of a blocked versus an
// idle loop, GC pauses of an allocating app, a listener-leak warning with its emitter, and outbound I/O wait per
// calling function.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { IoSiteStats, ProbeSample, ProbeWarning } from '../../../app/contract/metrics.js';
import { cleanUpTargets, collectSamples, fixturesDir, launchFixture, nextEvent } from '../target/target-helpers.js';
import { markerLine } from './probe-helpers.js';

afterEach(cleanUpTargets);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('samples', () => {
  it('arrive at the configured interval with sane values', async () => {
    const target = await launchFixture('hello-server.cjs', { sampleIntervalMs: 100 });
    await target.waitUntilListening(15_000);
    const samples = await collectSamples(target, 1500);
    // ~15 expected; a machine busy with other work may starve the target of a few.
    const windows = samples.map((s) => Math.round(s.windowMs)).join(', ');
    expect(samples.length, `windows: ${windows}`).toBeGreaterThanOrEqual(8);
    expect(samples.length, `windows: ${windows}`).toBeLessThanOrEqual(17);
    expect(median(samples.map((s) => s.windowMs)), `windows: ${windows}`).toBeGreaterThan(80);
    expect(median(samples.map((s) => s.windowMs)), `windows: ${windows}`).toBeLessThan(140);
    for (let i = 1; i < samples.length; i++) expect(samples[i]!.ts).toBeGreaterThan(samples[i - 1]!.ts);
    for (const s of samples) {
      expect(s.elu).toBeGreaterThanOrEqual(0);
      expect(s.elu).toBeLessThanOrEqual(1);
      expect(s.cpu.user).toBeGreaterThanOrEqual(0);
      expect(s.cpu.system).toBeGreaterThanOrEqual(0);
      expect(s.cpu.user + s.cpu.system).toBeLessThan(2);
      expect(s.memory.rss).toBeGreaterThan(s.memory.heapUsed);
      expect(s.memory.heapTotal).toBeGreaterThanOrEqual(s.memory.heapUsed);
      expect(s.delay.min).toBeLessThanOrEqual(s.delay.p50);
      expect(s.delay.p50).toBeLessThanOrEqual(s.delay.p99);
      expect(s.delay.p99).toBeLessThanOrEqual(s.delay.max);
      expect(s.handles.TCPServerWrap).toBe(1);
      expect(s.delay.count).toBeGreaterThanOrEqual(0);
      expect(s.lateMs).toBeCloseTo(Math.max(0, s.windowMs - 100), 0);
      // Linux: how long the main thread waited for a CPU in the window (schedstat), never more than the window.
      if (process.platform === 'linux') {
        expect(s.cpuWaitMs).toBeGreaterThanOrEqual(0);
        expect(s.cpuWaitMs).toBeLessThanOrEqual(s.windowMs + 1);
      }
    }
    // The app itself sees one more pipe than the samples report: the probe's own channel socket is not counted.
    const pipesSeenByApp = Number(await (await fetch(`http://127.0.0.1:${target.port}/handles`)).text());
    expect(samples.at(-1)!.handles.PipeWrap ?? 0).toBe(pipesSeenByApp - 1);
    // Idle loop: after start-up, windows are late by a few ms at most (the median window's worst tick, so that one
    // descheduling by a busy machine does not decide), and no window's typical tick is late.
    const settled = samples.slice(3);
    const delays = settled.map((s) => `${s.delay.p50}/${s.delay.max}`).join(', ');
    expect(median(settled.map((s) => s.delay.max)), `p50/max per window: ${delays}`).toBeLessThan(20);
    expect(Math.max(...settled.map((s) => s.delay.p50)), `p50/max per window: ${delays}`).toBeLessThan(20);
    // A turning loop records its 10 ms ticks (~9 in a 100 ms window), and the sampling timer is on time.
    expect(median(settled.map((s) => s.delay.count!)), `p50/max per window: ${delays}`).toBeGreaterThanOrEqual(5);
    expect(median(settled.map((s) => s.lateMs!))).toBeLessThan(20);
  });

  it('a loop blocked for 200 ms shows a delay max of at least ~150 ms', async () => {
    const target = await launchFixture('busy-server.cjs', { sampleIntervalMs: 250, env: { BUSY_MS: '200', BUSY_EVERY_MS: '400' } });
    await target.waitUntilListening(15_000);
    const samples = await collectSamples(target, 2500);
    expect(Math.max(...samples.map((s) => s.delay.max))).toBeGreaterThanOrEqual(150);
    expect(Math.max(...samples.map((s) => s.delay.max))).toBeLessThan(400);
    // Half the time is spent spinning: utilisation says so (time-weighted over the windows, since a 250 ms window
    // can fall entirely inside or outside a spin). CPU may be lower when the machine is busy (the spin is wall-clock).
    const total = samples.reduce((n, s) => n + s.windowMs, 0);
    const weighted = (f: (s: ProbeSample) => number) => samples.reduce((n, s) => n + f(s) * s.windowMs, 0) / total;
    expect(weighted((s) => s.elu)).toBeGreaterThan(0.35);
    expect(weighted((s) => s.elu)).toBeLessThan(0.8);
    expect(weighted((s) => s.cpu.user + s.cpu.system)).toBeGreaterThan(0.2);
    // A blocked loop stretches the window beyond 250 ms.
    expect(Math.max(...samples.map((s) => s.windowMs))).toBeGreaterThan(300);
  });

  it('a loop blocked through whole windows reads as blocked: no tick recorded, and the sampling timer late', async () => {
    // 300 ms spins back to back: the loop turns about once per window, so the delay monitor records no tick gap.
    const target = await launchFixture('busy-server.cjs', { sampleIntervalMs: 100, env: { BUSY_MS: '300', BUSY_EVERY_MS: '1' } });
    await target.waitUntilListening(15_000);
    const samples = await collectSamples(target, 2500);
    const described = samples.map((s) => `${Math.round(s.windowMs)} ms: count ${s.delay.count}, late ${s.lateMs}`).join('; ');
    const blocked = samples.filter((s) => s.delay.count === 0);
    expect(blocked.length, described).toBeGreaterThanOrEqual(2);
    for (const s of blocked) {
      expect(s.windowMs, described).toBeGreaterThan(250);
      expect(s.lateMs!, described).toBeCloseTo(s.windowMs - 100, 0);
    }
  });

  it('an allocating app shows GC pauses with kinds and durations', async () => {
    const target = await launchFixture('alloc-server.cjs', { sampleIntervalMs: 250 });
    await target.waitUntilListening(15_000);
    const samples = await collectSamples(target, 1500);
    const count = samples.reduce((n, s) => n + s.gc.count, 0);
    const pauses = samples.flatMap((s) => s.gc.pauses);
    expect(count).toBeGreaterThan(5);
    expect(pauses.length).toBeGreaterThan(0);
    expect(pauses.length).toBeLessThanOrEqual(count);
    expect(pauses.some((p) => p.kind === 'minor')).toBe(true);
    for (const p of pauses) {
      expect(['minor', 'major', 'incremental', 'weakcb', 'other']).toContain(p.kind);
      expect(p.durationMs).toBeGreaterThan(0);
      expect(p.startMs).toBeGreaterThan(0);
    }
    for (const s of samples) {
      const byKind = Object.values(s.gc.byKind).reduce((n, k) => n + (k?.count ?? 0), 0);
      expect(byKind).toBe(s.gc.count);
      expect(s.gc.maxMs).toBeLessThanOrEqual(s.gc.totalMs + 1e-6);
    }
  });
});

describe('warnings', () => {
  it('MaxListenersExceededWarning names the emitter, the event, the count, and the line that added the listener', async () => {
    const target = await launchFixture('listener-leak.cjs');
    const warningPromise = nextEvent<ProbeWarning>(target, 'warning', 10_000);
    await target.waitUntilListening(15_000);
    const warning = await warningPromise;
    expect(warning.name).toBe('MaxListenersExceededWarning');
    expect(warning.emitter).toBe('OrderBus');
    expect(warning.event).toBe('order-created');
    expect(warning.count).toBe(11);
    expect(warning.stack).toContain(`listener-leak.cjs:${markerLine('listener-leak.cjs', 'LISTENER-ADDED')}`);
  });
});

describe('outbound I/O', () => {
  it('calls to a slow local server show up per calling function, with file:line, for http and fetch', async () => {
    const target = await launchFixture('io-caller.mjs', { sampleIntervalMs: 250, env: { SLOW_MS: '150' } });
    await target.waitUntilListening(15_000);
    const samples: ProbeSample[] = await collectSamples(target, 2000);
    const url = pathToFileURL(join(fixturesDir, 'io-caller.mjs')).href;
    const sites = samples.flatMap((s) => s.io);

    const check = (kind: IoSiteStats['kind'], functionName: string, marker: string) => {
      const mine = sites.filter((s) => s.kind === kind && s.functionName === functionName);
      expect(mine.length, `${kind} site ${functionName}`).toBeGreaterThan(0);
      expect(new Set(mine.map((s) => `${s.url}:${s.line}`))).toEqual(new Set([`${url}:${markerLine('io-caller.mjs', marker)}`]));
      const count = mine.reduce((n, s) => n + s.count, 0);
      const total = mine.reduce((n, s) => n + s.totalMs, 0);
      // One call every 100 ms for ~2 s, each waiting ~150 ms for the downstream.
      expect(count).toBeGreaterThan(8);
      expect(total / count).toBeGreaterThan(120);
      expect(Math.max(...mine.map((s) => s.maxMs))).toBeGreaterThanOrEqual(140);
      // The fastest completed call of each window: none waited less than the downstream's 150 ms.
      for (const s of mine) {
        if (s.count === 0) expect(s.minMs).toBeUndefined();
        else {
          expect(s.minMs!).toBeGreaterThanOrEqual(140);
          expect(s.minMs!).toBeLessThanOrEqual(s.maxMs);
          expect(s.minMs! * s.count).toBeLessThanOrEqual(s.totalMs + 0.01);
        }
      }
      // Calls overlap (150 ms wait, 100 ms apart): some are still in flight at a window's end.
      expect(mine.some((s) => s.inFlight > 0)).toBe(true);
    };
    check('http', 'callDownstreamWithHttp', 'IO-CALL-HTTP');
    check('fetch', 'callDownstreamWithFetch', 'IO-CALL-FETCH');
    // Through the app's helper: the callback in getJson, made for loadDashboard (probe 3).
    const helper = sites.filter((s) => s.kind === 'http' && s.calledFrom === 'getJson');
    expect(helper.length).toBeGreaterThan(0);
    expect(new Set(helper.map((s) => `${s.functionName} ${s.line} ${s.via}`))).toEqual(new Set([`(anonymous) ${markerLine('io-caller.mjs', 'IO-CALL-HELPER')} loadDashboard`]));
  });
});
