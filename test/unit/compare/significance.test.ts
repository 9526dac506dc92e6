// Whether a figure's change is real, and why, as the comparison carries it (FigureComparison.judgement): the faces
// show these reasons as they are, so they must say which rule decided, with the numbers that decided it.
import { describe, expect, it } from 'vitest';
import { compareFigures } from '../../../app/compare/figures.js';
import { judge } from '../../../app/compare/significance.js';
import type { SignificanceTest } from '../../../app/contract/compare.js';
import type { SessionDetail } from '../../../app/contract/session.js';

const fig = (before: number, after: number, unit = 'req/s') => ({ before, after, ratio: after / before, unit });
const test = (p: number, over: Partial<SignificanceTest> = {}): SignificanceTest => ({ method: 'Welch t-test', p, n: [5, 5], minimumEffect: 0.1, ...over });

describe('the judgement of one figure', () => {
  it('a real change: the p-value and the interval of after/before', () => {
    expect(judge(fig(45, 13964), test(0.0003, { ci: [82.2, 191.4] }))).toEqual({ significant: true, judgement: { verdict: 'real', reason: 'p = 0.0003; after/before between 82.2× and 191×' } });
    expect(judge(fig(45, 13964), test(0.0003)).judgement.reason).toBe('p = 0.0003');
  });

  it('within noise when p is not below 0.05', () => {
    expect(judge(fig(100, 103), test(0.4))).toEqual({ significant: false, judgement: { verdict: 'within-noise', reason: 'within run-to-run noise (p = 0.4)' } });
    expect(judge(fig(100, 300), test(0.05)).judgement.verdict).toBe('within-noise');
  });

  it('smaller than the minimum effect the method tells from run-to-run noise, even with a small p', () => {
    expect(judge(fig(100, 103), test(0.01))).toEqual({ significant: false, judgement: { verdict: 'under-minimum-effect', reason: 'smaller than the 10 % this test tells from run-to-run noise (p = 0.01)' } });
  });

  it('a big ratio of a small level is too small to matter, quoting the floor', () => {
    const gc = judge(fig(0.02, 1.64, '%'), test(1e-7, { minimumAbsolute: 2 }));
    expect(gc).toEqual({ significant: false, judgement: { verdict: 'under-minimum-absolute', reason: 'too small to matter: 1.62 %, under the 2 % that counts for this figure (p < 0.000001)' } });
    // At or above the floor it counts.
    expect(judge(fig(0.02, 2.02, '%'), test(1e-7, { minimumAbsolute: 2 })).judgement.verdict).toBe('real');
  });

  it('not tested: says why instead of guessing', () => {
    expect(judge(fig(9, 12, 'ms'), { verdict: 'no-spread' })).toEqual({ significant: false, judgement: { verdict: 'no-spread', reason: 'one value per run, no spread to test against' } });
    expect(judge(fig(9, 12, 'ms'), { verdict: 'too-few-values', values: 'probe windows', n: [1, 9] }).judgement).toEqual({ verdict: 'too-few-values', reason: 'fewer than 2 probe windows on a side (1 before, 9 after)' });
  });
});

function session(windows: number, delayP99: number, seconds: number[]): SessionDetail {
  const rps = seconds.reduce((a, b) => a + b, 0) / seconds.length;
  const samples = Array.from({ length: windows }, (_, i) => ({ ts: 1000 * (i + 1), windowMs: 1000, delay: { p99: delayP99 + (i % 3) }, cpu: { user: 0.2, system: 0.05 }, gc: { totalMs: 5 }, memory: { heapUsed: 2e7, rss: 6e7 } }));
  const ticks = seconds.map((r, i) => ({ second: i, phase: 'measure', requests: r, bytes: 0, errors: 0, non2xx: 0, latencyP50: 1, latencyP99: 3, latencyMax: 9 }));
  return {
    dir: '/x', session: { timings: { startedAt: 0 }, recipe: { note: undefined } }, samples, warnings: [], logTail: [], ticks,
    // The store cuts the measured window; here every window and second is in it.
    measured: { startAt: 0, samples, ticks },
    load: { requestsPerSecond: rps, requestsPerSecondSeries: seconds, latency: { mean: 1, stddev: 0, min: 0, p50: 1, p90: 2, p97_5: 3, p99: 3, max: 9 }, errors: 0, timeouts: 0, non2xx: 0, requestsTotal: rps * seconds.length, durationSec: seconds.length, connections: 10, pipelining: 1, url: '', throughputBytesPerSec: 0, statusCodes: {}, raw: {}, requestsPerSecondStats: { mean: rps, stddev: 0, min: 0, max: 0 } },
  } as unknown as SessionDetail;
}

describe('every compared figure carries its judgement', () => {
  it('one probe window before: the per-window figures are not tested, and say so with the counts', () => {
    const figures = compareFigures(session(1, 40, [100, 101, 99]), session(8, 400, [100, 102, 98]));
    const delay = figures.find((f) => f.key === 'delayP99')!;
    expect(delay).toMatchObject({ outcome: 'untested', significant: false, judgement: { verdict: 'too-few-values', reason: 'fewer than 2 probe windows on a side (1 before, 8 after)' } });
    expect(delay.test).toBeUndefined();
    expect(figures.find((f) => f.key === 'latencyMax')!.judgement.verdict).toBe('no-spread');
    expect(figures.find((f) => f.key === 'heapUsedMax')!.judgement.verdict).toBe('no-spread');
  });

  it('a tenfold event-loop delay over many windows is real; a steady request rate is noise', () => {
    const figures = compareFigures(session(10, 40, [100, 101, 99, 100]), session(10, 400, [100, 102, 98, 100]));
    const delay = figures.find((f) => f.key === 'delayP99')!;
    expect(delay.outcome).toBe('regressed');
    expect(delay.judgement.verdict).toBe('real');
    expect(delay.judgement.reason).toMatch(/^p [=<] [\d.]+; after\/before between [\d.]+× and [\d.]+×$/);
    const rps = figures.find((f) => f.key === 'requestsPerSecond')!;
    expect(rps).toMatchObject({ outcome: 'unchanged', judgement: { verdict: 'within-noise' } });
    expect(rps.judgement.reason).toMatch(/^within run-to-run noise \(p = [\d.]+\)$/);
    // Every figure has one, and it agrees with `significant`.
    for (const f of figures) expect(f.significant).toBe(f.judgement.verdict === 'real');
  });
});
