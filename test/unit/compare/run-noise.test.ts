import { describe, expect, it } from 'vitest';
import { compareFigures } from '../../../app/compare/figures.js';
import { DEFAULT_RUN_SIGMA, estimateRunNoise } from '../../../app/compare/run-noise.js';
import type { RepeatResult } from '../../../app/contract/metrics.js';
import type { SessionDetail } from '../../../app/contract/session.js';
import { seeded } from '../../../scripts/seeded.js';

const repeat = (rps: number, p99 = 5): RepeatResult => ({
  requestsPerSecond: rps,
  requestsPerSecondSeries: [rps],
  latency: { mean: 1, stddev: 0, min: 0, p50: 1, p90: 2, p97_5: 3, p99, max: 9 },
  errors: 0,
  non2xx: 0,
  timeouts: 0,
});

describe('run-to-run noise', () => {
  it('pools the spread of ln(figure) across the repeats of each session', () => {
    // Two sessions, each with runs at x·e^-0.1 and x·e^+0.1: SD of the logs 0.141 in each.
    const a = [repeat(1000 * Math.exp(-0.1)), repeat(1000 * Math.exp(0.1))];
    const b = [repeat(30 * Math.exp(-0.1)), repeat(30 * Math.exp(0.1)), repeat(30 * Math.exp(-0.1)), repeat(30 * Math.exp(0.1))];
    const noise = estimateRunNoise([a, b, b], 'requestsPerSecond');
    expect(noise.runs).toBe(10);
    // Pooled: (2·0.02 + 4·0.01·... ) / dof — computed here independently.
    const logsA = [-0.1, 0.1];
    const logsB = [-0.1, 0.1, -0.1, 0.1];
    const ss = (xs: number[]) => xs.reduce((s, x) => s + (x - xs.reduce((p, q) => p + q, 0) / xs.length) ** 2, 0);
    expect(noise.sigma).toBeCloseTo(Math.sqrt((ss(logsA) + 2 * ss(logsB)) / (1 + 3 + 3)), 10);
  });

  it('falls back to the default with too few repeated runs', () => {
    expect(estimateRunNoise([[repeat(1), repeat(2)]], 'requestsPerSecond')).toEqual({ sigma: DEFAULT_RUN_SIGMA, runs: 0 });
  });
});

function session(series: number[], p99s: number[]): SessionDetail {
  const rps = series.reduce((a, b) => a + b, 0) / series.length;
  const ticks = series.map((r, i) => ({ second: i, phase: 'measure' as const, requests: r, bytes: 0, errors: 0, non2xx: 0, latencyP50: 1, latencyP99: p99s[i]!, latencyMax: 9 }));
  return {
    dir: '/x', session: { timings: { startedAt: 0 }, recipe: { note: undefined } }, samples: [], warnings: [], logTail: [],
    ticks,
    measured: { startAt: 0, samples: [], ticks },
    load: { requestsPerSecond: rps, requestsPerSecondSeries: series, latency: { mean: 1, stddev: 0, min: 0, p50: 1, p90: 2, p97_5: 3, p99: p99s[0]!, max: 9 }, errors: 0, timeouts: 0, non2xx: 0, requestsTotal: rps * series.length, durationSec: series.length, connections: 10, pipelining: 1, url: '', throughputBytesPerSec: 0, statusCodes: {}, raw: {}, requestsPerSecondStats: { mean: rps, stddev: 0, min: 0, max: 0 } },
  } as unknown as SessionDetail;
}

describe('single-run comparisons against run-to-run noise', () => {
  const steady = (level: number, seed: number) => {
    const rand = seeded(seed);
    return Array.from({ length: 10 }, () => level * (1 + (rand() - 0.5) * 0.02));
  };

  it('a 30 % shift with tight seconds is noise when runs vary by 20 %, and real when they vary by 3 %', () => {
    const a = session(steady(40_000, 1), Array(10).fill(2));
    const b = session(steady(52_000, 2), Array(10).fill(2));
    const noisy = compareFigures(a, b).find((f) => f.key === 'requestsPerSecond')!;
    expect(noisy.significant).toBe(false);
    expect(noisy.test!.method).toMatch(/run-to-run variation of 20 % per run \(the default/);
    const quiet = compareFigures(a, b, { requestsPerSecond: { sigma: 0.03, runs: 12 } }).find((f) => f.key === 'requestsPerSecond')!;
    expect(quiet.significant).toBe(true);
    expect(quiet.outcome).toBe('improved');
    expect(quiet.test!.method).toMatch(/measured from 12 repeated runs/);
    expect(quiet.test!.ci![0]).toBeGreaterThan(1);
  });

  it('a hundredfold change is real even against noisy runs', () => {
    const a = session(steady(131, 3), Array(10).fill(400));
    const b = session(steady(16_000, 4), Array(10).fill(2));
    const figures = compareFigures(a, b);
    expect(figures.find((f) => f.key === 'requestsPerSecond')!.outcome).toBe('improved');
    expect(figures.find((f) => f.key === 'latencyP99')!.outcome).toBe('improved');
  });

  it('keeps sub-millisecond latencies apart: the interval is around the observed ratio', () => {
    // 100 ms → 0.2 ms p50 per second: a ratio of 0.002, which the interval must contain.
    const a = session(steady(100, 5), Array(10).fill(400));
    const b = session(steady(40_000, 6), Array(10).fill(0.3));
    for (const t of a.ticks) t.latencyP50 = 100;
    for (const t of b.ticks) t.latencyP50 = 0.2;
    a.load!.latency.p50 = 100;
    b.load!.latency.p50 = 0.2;
    const p50 = compareFigures(a, b).find((f) => f.key === 'latencyP50')!;
    expect(p50.test!.ci![0]).toBeLessThan(0.002);
    expect(p50.test!.ci![1]).toBeGreaterThan(0.002);
    expect(p50.test!.n).toEqual([10, 10]);
  });
});
