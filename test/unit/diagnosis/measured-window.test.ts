// The measured window's edge rule, cut once for the doctor, the store's readers and every face: a probe window
// belongs when its middle lies within [start, end]; load seconds when their phase is 'measure'.
import { describe, expect, it } from 'vitest';
import type { LoadTick, ProbeSample } from '../../../app/contract/metrics.js';
import { cutMeasuredWindow, inMeasuredWindow } from '../../../app/contract/measured-window.js';

const sample = (ts: number, windowMs = 200) => ({ ts, windowMs }) as ProbeSample;
const tick = (second: number, phase: LoadTick['phase']) => ({ second, phase }) as LoadTick;

describe('the measured window', () => {
  const start = 10_000;
  const end = 12_000;

  it('takes a probe window whose middle lies inside, both edges included', () => {
    expect(inMeasuredWindow(sample(start + 100), start, end)).toBe(true); // middle exactly at the start
    expect(inMeasuredWindow(sample(end + 100), start, end)).toBe(true); // middle exactly at the end
    expect(inMeasuredWindow(sample(start + 99), start, end)).toBe(false); // mostly warm-up
    expect(inMeasuredWindow(sample(end + 101), start, end)).toBe(false); // mostly after the load
  });

  it('sends a window straddling an edge to the side holding most of it, whatever its length', () => {
    expect(inMeasuredWindow(sample(start + 300, 1000), start, end)).toBe(false);
    expect(inMeasuredWindow(sample(start + 700, 1000), start, end)).toBe(true);
    expect(inMeasuredWindow(sample(end + 400, 1000), start, end)).toBe(true);
    expect(inMeasuredWindow(sample(end + 600, 1000), start, end)).toBe(false);
  });

  it('is empty for a run that never measured, and open-ended for an older session without an end', () => {
    expect(inMeasuredWindow(sample(start), undefined, end)).toBe(false);
    expect(inMeasuredWindow(sample(start + 1e9), start, undefined)).toBe(true);
    expect(cutMeasuredWindow([sample(start)], [tick(0, 'measure')], undefined, undefined)).toEqual({ samples: [], ticks: [] });
  });

  it('cuts samples and load seconds together, keeping the edges it used', () => {
    const samples = [9_900, 10_050, 10_100, 11_000, 12_100, 12_150, 13_000].map((ts) => sample(ts));
    const ticks = [tick(-2, 'warmup'), tick(-1, 'warmup'), tick(0, 'measure'), tick(1, 'measure')];
    const w = cutMeasuredWindow(samples, ticks, start, end);
    expect(w.startAt).toBe(start);
    expect(w.endAt).toBe(end);
    expect(w.samples.map((s) => s.ts)).toEqual([10_100, 11_000, 12_100]);
    expect(w.ticks.map((t) => t.second)).toEqual([0, 1]);
  });
});
