import { describe, expect, it } from 'vitest';
import { LatencyWindow } from '../../../app/load/latency-window.js';
import { seeded } from '../../../scripts/seeded.js';

function exactPercentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1]!;
}

/** The bucket width at a value: 0.1 ms below 100 ms, 1 ms up to 10 s. */
function width(ms: number): number {
  return ms < 100 ? 0.1 : 1;
}

describe('LatencyWindow', () => {
  it.each([1, 2, 3])('agrees with exact percentiles within one bucket (seed %i)', (seed) => {
    const random = seeded(seed);
    // A long-tailed mix: mostly sub-millisecond, some tens of ms, a few seconds.
    const values = Array.from({ length: 5000 }, () => {
      const r = random();
      if (r < 0.9) return random() * 2;
      if (r < 0.99) return 5 + random() * 200;
      return 500 + random() * 4000;
    });
    const window = new LatencyWindow();
    for (const v of values) window.record(v);
    const ps = [50, 90, 97.5, 99];
    const got = window.percentiles(ps);
    ps.forEach((p, i) => {
      const exact = exactPercentile(values, p);
      expect(got[i]!).toBeGreaterThanOrEqual(exact - 1e-9);
      expect(got[i]!).toBeLessThanOrEqual(exact + width(exact) + 1e-9);
    });
    const summary = window.summary();
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(summary.mean).toBeCloseTo(mean, 2);
    expect(summary.max).toBeCloseTo(Math.max(...values), 2);
    expect(summary.min).toBeCloseTo(Math.min(...values), 2);
  });

  it('take() reads one window and starts the next empty', () => {
    const window = new LatencyWindow();
    for (let i = 1; i <= 100; i++) window.record(i);
    const first = window.take();
    expect(first.count).toBe(100);
    // The 50th of 1..100 ms is 50 ms, in the bucket [50.0, 50.1): reported as its upper edge.
    expect(first.p50).toBe(50.1);
    expect(first.max).toBe(100);
    expect(window.take()).toEqual({ count: 0, p50: 0, p99: 0, max: 0 });
    window.record(3);
    expect(window.take()).toMatchObject({ count: 1, max: 3 });
  });

  it('never reports a percentile above the max, even past the last bucket', () => {
    const window = new LatencyWindow();
    window.record(25_000);
    window.record(12_345);
    expect(window.percentiles([50, 99])).toEqual([25_000, 25_000]);
    expect(window.take().max).toBe(25_000);
  });
});
