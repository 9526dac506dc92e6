// Listener growth that Node's MaxListenersExceededWarning does not report (the app raised or removed the limit):
// the probe follows every emitter/event whose listener array reaches 32 and reports its count per window, with the
// stack of the call that crossed the threshold.
import { afterEach, describe, expect, it } from 'vitest';
import type { ListenerCount, ProbeSample } from '../../../app/contract/metrics.js';
import { cleanUpTargets, collectSamples, launchFixture, sleep } from '../target/target-helpers.js';
import { markerLine, requestAll } from './probe-helpers.js';

afterEach(cleanUpTargets);

const range = (n: number, path: string) => Array.from({ length: n }, () => path);

describe('listener counts', () => {
  it('follow a leak the app silenced: growing count, event name, emitter and the line that adds the listener', async () => {
    const target = await launchFixture('listener-growth.cjs', { sampleIntervalMs: 100 });
    const ready = await target.waitUntilListening(15_000);
    const warnings: unknown[] = [];
    target.on('warning', (w) => warnings.push(w));
    const collecting = collectSamples(target, 2500);
    await requestAll(ready.port, range(40, '/'));
    await sleep(500);
    await requestAll(ready.port, range(60, '/'));
    const samples: ProbeSample[] = await collecting;

    const price = samples.flatMap((s) => (s.listeners ?? []).filter((l) => l.event === 'price'));
    expect(price.length).toBeGreaterThan(0);
    // One entry for the emitter and event, the same id in every window, counting what is there now.
    expect(new Set(price.map((l) => l.id)).size).toBe(1);
    expect(price[0]!.emitter).toBe('PriceFeed');
    expect(price[0]!.count).toBeGreaterThanOrEqual(32);
    expect(price[0]!.count).toBeLessThan(100);
    expect(price.at(-1)!.count).toBe(100);
    // The stack is of the call that crossed 32: the app's frame is on it, the probe's own are not.
    const line = markerLine('listener-growth.cjs', 'LISTENER-ON');
    expect(price[0]!.stack).toMatch(new RegExp(`at watchPrices \\(.*listener-growth\\.cjs:${line}:\\d+\\)`));
    expect(price[0]!.stack).not.toMatch(/app[\\/]probe[\\/]/);
    expect(price[0]!.stack.length).toBeLessThanOrEqual(4000);

    // once() goes through on(): its listeners are followed too, and a symbol event is named by String(symbol).
    const settled: ListenerCount | undefined = samples.at(-1)!.listeners?.find((l) => l.event === 'Symbol(settled)');
    expect(settled?.count).toBe(100);
    expect(settled?.stack).toContain(`listener-growth.cjs:${markerLine('listener-growth.cjs', 'LISTENER-ONCE')}:`);
    expect(settled?.id).not.toBe(price[0]!.id);

    // Node said nothing: the limit was lifted, which is why the probe counts for itself.
    expect(warnings.filter((w) => (w as { name?: string }).name === 'MaxListenersExceededWarning')).toEqual([]);
  });

  it('follow at most 50 emitters, a growing one taking the place of a steady one', async () => {
    const target = await launchFixture('listener-growth.cjs', { sampleIntervalMs: 100, env: { STATIC_EMITTERS: '60' } });
    const ready = await target.waitUntilListening(15_000);
    const collecting = collectSamples(target, 1500);
    await requestAll(ready.port, range(100, '/'));
    const samples = await collecting;
    for (const s of samples) expect(s.listeners?.length ?? 0).toBeLessThanOrEqual(50);
    const last = samples.at(-1)!.listeners!;
    expect(last.filter((l) => l.emitter === 'Steady').length).toBeGreaterThanOrEqual(48);
    // Full at 32 (its count is below every steady emitter's 40), in at 64, in place of a steady one.
    expect(last.find((l) => l.event === 'price')).toMatchObject({ emitter: 'PriceFeed', count: 100 });
    expect(last.find((l) => l.event === 'price')!.stack).toContain(`listener-growth.cjs:${markerLine('listener-growth.cjs', 'LISTENER-ON')}:`);
  });

  it('let go of an emitter the app dropped: following it does not keep it alive', async () => {
    const target = await launchFixture('listener-growth.cjs', { sampleIntervalMs: 100, nodeArgs: ['--expose-gc'] });
    const ready = await target.waitUntilListening(15_000);
    const collecting = collectSamples(target, 1500);
    await requestAll(ready.port, ['/temporary']);
    await sleep(400);
    await requestAll(ready.port, ['/gc']);
    const samples = await collecting;
    const seen = samples.map((s) => (s.listeners ?? []).some((l) => l.emitter === 'Temporary'));
    expect(seen.indexOf(true), seen.join(',')).toBeGreaterThanOrEqual(0);
    expect(seen.slice(seen.indexOf(true)).indexOf(false), seen.join(',')).toBeGreaterThan(0);
    expect(seen.at(-1), seen.join(',')).toBe(false);
  });

  it('follow an EventTarget (an AbortSignal) whose listeners grow, and not one whose listeners come and go', async () => {
    const target = await launchFixture('abort-signal-growth.cjs', { sampleIntervalMs: 100 });
    const ready = await target.waitUntilListening(15_000);
    const collecting = collectSamples(target, 2000);
    await requestAll(ready.port, [...range(300, '/churn'), ...range(70, '/job')]);
    const samples = await collecting;
    const followed = samples.flatMap((s) => s.listeners ?? []);
    expect(new Set(followed.map((l) => l.id)).size).toBe(1);
    expect(followed[0]).toMatchObject({ emitter: 'AbortSignal', event: 'abort' });
    expect(followed.at(-1)!.count).toBe(70);
    expect(followed[0]!.stack).toMatch(new RegExp(`at startJob \\(.*abort-signal-growth\\.cjs:${markerLine('abort-signal-growth.cjs', 'TARGET-LISTENER')}:\\d+\\)`));
  });

  it('report nothing for a server that adds and removes listeners per request', async () => {
    const target = await launchFixture('listener-churn.cjs', { sampleIntervalMs: 100 });
    const ready = await target.waitUntilListening(15_000);
    const collecting = collectSamples(target, 2000);
    // Hundreds of requests, 16 at a time: the shared emitter never holds more than those in flight.
    await requestAll(ready.port, range(400, '/'), { concurrency: 16 });
    const samples = await collecting;
    expect(samples.length).toBeGreaterThan(5);
    expect(samples.flatMap((s) => s.listeners ?? [])).toEqual([]);
  });
});
