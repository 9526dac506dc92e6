import { describe, expect, it } from 'vitest';
import { RampSpecSchema } from '../../../app/contract/ramp.js';
import { judgeRamp, rampRates, rampStep } from '../../../app/load/ramp-judge.js';

const load = (rps: number, p99: number, failed = 0, total = 1000) => ({ requestsPerSecond: rps, latency: { p99 } as never, errors: 0, timeouts: 0, non2xx: failed, requestsTotal: total });

describe('the ramp judgement', () => {
  const spec = RampSpecSchema.parse({ from: 100, to: 500, step: 100, p99Ms: 50, errorPercent: 1 });

  it('steps from the first rate to the last', () => {
    expect(rampRates(spec)).toEqual([100, 200, 300, 400, 500]);
    expect(rampRates({ from: 10, to: 25, step: 10 })).toEqual([10, 20]);
  });

  it('puts the knee at the first step over a line, and names the last rate held', () => {
    const steps = [rampStep(100, load(100, 10), spec), rampStep(200, load(199, 30), spec), rampStep(300, load(260, 80), spec)];
    const result = judgeRamp(spec, steps);
    expect(result.knee).toEqual({ rate: 300, lastGoodRate: 200, crossed: 'p99' });
    expect(result.verdict).toBe('The knee is at 300 requests/s: p99 latency 80.0 ms crossed 50 ms. The app held 200 requests/s within p99 50 ms or 1 % failed.');
  });

  it('counts errors, timeouts and non-2xx answers as failed', () => {
    const step = rampStep(100, { ...load(100, 10, 10, 990), errors: 5, timeouts: 5 }, spec);
    expect(step.failedPercent).toBeCloseTo(2, 5);
    expect(step.crossed).toBe('errors');
  });

  it('puts the knee where the app stops serving the rate asked, whatever its p99', () => {
    const steps = [rampStep(100, load(103, 10), spec), rampStep(200, load(129, 40), spec), rampStep(300, load(113, 45), spec)];
    expect(steps.map((s) => s.crossed)).toEqual([undefined, 'throughput', 'throughput']);
    const result = judgeRamp(spec, steps);
    expect(result.knee).toEqual({ rate: 200, lastGoodRate: 100, crossed: 'throughput' });
    expect(result.verdict).toContain('the app served 129 of the 200 requests/s asked (it cannot keep up)');
    // A step's edges at a low rate: 18 of 20 is keeping up.
    expect(rampStep(20, load(18, 10), spec).crossed).toBeUndefined();
  });

  it('says when no step crossed', () => {
    const result = judgeRamp(spec, [rampStep(100, load(100, 10), spec)]);
    expect(result.knee).toBeUndefined();
    expect(result.verdict).toContain('No knee up to 100 requests/s');
  });

  it('needs a line, a rising range and at most 50 steps', () => {
    expect(RampSpecSchema.safeParse({ from: 1, to: 2, step: 1 }).success).toBe(false);
    expect(RampSpecSchema.safeParse({ from: 5, to: 2, step: 1, p99Ms: 1 }).success).toBe(false);
    expect(RampSpecSchema.safeParse({ from: 1, to: 1000, step: 1, p99Ms: 1 }).success).toBe(false);
  });
});
