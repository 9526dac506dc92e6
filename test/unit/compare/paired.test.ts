// Interleaved A/B figures: a paired t-test on ln(after/before) of each pair. What the machine did moves both runs of
// a pair alike and cancels; a pair ratio that swings is noise whatever the level; two pairs give one degree of freedom.
import { describe, expect, it } from 'vitest';
import type { SessionDetail } from '../../../app/contract/session.js';
import { comparePairedFigures, type SessionPair } from '../../../app/compare/paired.js';
import { welchTest } from '../../../app/compare/stats.js';

/** A run with load figures only: requests/s, and latency that follows it (a CPU-bound server). */
function run(rps: number, id: string, otherCores?: number): SessionDetail {
  return {
    dir: `/x/${id}`,
    session: { id, status: 'complete', ...(otherCores !== undefined ? { machine: { cores: 2, otherCores, targetCores: 1, checkupCores: 0.5 } } : {}) },
    samples: [],
    ticks: [],
    measured: { samples: [], ticks: [] },
    load: { requestsPerSecond: rps, requestsPerSecondSeries: [rps], latency: { p50: 10_000 / rps, p99: 30_000 / rps, max: 90_000 / rps }, errors: 0, timeouts: 0, non2xx: 0 },
  } as unknown as SessionDetail;
}

const pairs = (before: number[], after: number[], busy?: [number, number][]): SessionPair[] => before.map((b, i) => [run(b, `a${i}`, busy?.[i]?.[0]), run(after[i]!, `b${i}`, busy?.[i]?.[1])]);
const rps = (p: SessionPair[]) => comparePairedFigures(p).find((f) => f.key === 'requestsPerSecond')!;

describe('paired figures of an interleaved A/B', () => {
  it('a 10 % gain under a drifting machine is real pair by pair, where the two groups compared as groups are not', () => {
    // The machine's load takes each pair from 20k to 8k requests/s and back; within each pair, after is ~10 % faster.
    const before = [20_000, 8_000, 14_000];
    const after = [22_100, 8_750, 15_500];
    const f = rps(pairs(before, after));
    expect(f.outcome).toBe('improved');
    expect(f.test!.method).toMatch(/^paired t-test on ln\(after\/before\) of 3 interleaved pairs/);
    expect(f.test!.n).toEqual([3, 3]);
    expect(f.ratio).toBeGreaterThan(1.08);
    expect(f.ratio).toBeLessThan(1.12);
    // The same six runs as two unpaired groups: the drift swamps the gain.
    expect(welchTest(before.map(Math.log), after.map(Math.log))!.p).toBeGreaterThan(0.5);
  });

  it('pair ratios that swing either way are within noise, and latency says the same', () => {
    const figures = comparePairedFigures(pairs([10_000, 10_000, 10_000], [13_000, 8_000, 11_000]));
    for (const key of ['requestsPerSecond', 'latencyP50', 'latencyP99']) expect(figures.find((f) => f.key === key)!.outcome).toBe('unchanged');
  });

  it('before and after are geometric means, so after/before is the mean pair ratio', () => {
    const f = rps(pairs([100, 400], [200, 800]));
    expect(f.before).toBeCloseTo(200, 6);
    expect(f.after).toBeCloseTo(400, 6);
    expect(f.ratio).toBeCloseTo(2, 9);
    // every pair doubled exactly: no spread to doubt it
    expect(f.test!.p).toBe(0);
    expect(f.outcome).toBe('improved');
  });

  it('two pairs have one degree of freedom: a ×300 gain whose pairs disagree by ×3.6 is not called real', () => {
    const f = rps(pairs([20.9, 20.9], [13_213, 3_700]));
    expect(f.test!.method).toContain('1 degree of freedom');
    expect(f.test!.p).toBeGreaterThan(0.05);
    expect(f.outcome).toBe('unchanged');
    // with a third pair in line with the first two, it is
    expect(rps(pairs([20.9, 20.9, 21], [13_213, 3_700, 7_000])).outcome).toBe('improved');
  });

  it('a core burnt during every after run is a bias pairing cannot cancel: the test widens, a real fix stays real', () => {
    const hogged: [number, number][] = [[0.05, 0.85], [0.1, 0.8], [0, 0.9]];
    const halved = comparePairedFigures(pairs([20_000, 18_000, 21_000], [11_000, 9_500, 11_800], hogged));
    const f = halved.find((x) => x.key === 'requestsPerSecond')!;
    expect(f.significant).toBe(false);
    expect(f.test!.method).toMatch(/widened by other programs using on average 0\.8 cores more on one side/);
    // The same halving without the hog is real.
    expect(rps(pairs([20_000, 18_000, 21_000], [11_000, 9_500, 11_800])).outcome).toBe('regressed');
    // CPU per request is not judged then; a ×300 fix still is real.
    expect(rps(pairs([20, 21, 19], [6_000, 6_500, 5_800], hogged)).outcome).toBe('improved');
  });

  it('on a machine other programs already kept busy, a hog moves "other programs" little but the CPU left a lot', () => {
    // As measured here: other programs 1.2–1.3 cores before, 1.6 after (the hog), requests/s cut by ×2.8.
    const saturated: [number, number][] = [[1.32, 1.63], [1.2, 1.59]];
    const f = rps(pairs([15_000, 16_000], [5_400, 5_600], saturated));
    expect(f.test!.method).toMatch(/up to ×1\.9\)/);
    expect(f.significant).toBe(false);
  });

  it('a drift that falls on either side, pair by pair, is left to the pairs\' own spread', () => {
    const drift: [number, number][] = [[0.9, 0], [0, 0.9], [0.5, 0.4]];
    const f = rps(pairs([20_000, 8_000, 14_000], [22_100, 8_750, 15_500], drift));
    expect(f.test!.method).not.toMatch(/widened/);
    expect(f.outcome).toBe('improved');
  });

  it('one pair cannot be tested, and says so', () => {
    const f = rps(pairs([100], [300]));
    expect(f.outcome).toBe('untested');
    expect(f.judgement.verdict).toBe('too-few-values');
    expect(f.judgement.reason).toContain('pairs');
  });

  it('zeros (failed requests) are compared as plain differences', () => {
    const f = comparePairedFigures(pairs([100, 100, 100], [100, 100, 100])).find((x) => x.key === 'failed')!;
    expect(f.test!.method).toMatch(/on differences$/);
    expect(f.outcome).toBe('unchanged');
  });
});
