import { describe, expect, it } from 'vitest';
import { profilingCost } from '../../app/engine/profiling-cost.js';
import { profilingCostWords } from '../../app/contract/profiling-cost-words.js';

describe('profilingCost', () => {
  it('charges samples and the profiler thread against the app’s own CPU', () => {
    // 10,000 samples x 35 µs = 350 ms, plus 13 ms/s x 10 s = 130 ms: 480 ms of 5,000 ms, i.e. 480 / 4,520 of the app's own.
    const c = profilingCost({ cpuSamples: 10_000, profiledSec: 10, processCpuMs: 5000, heap: false }, 35, 13)!;
    expect(c.estimatedMs).toBe(480);
    expect(c.percent).toBeCloseTo((100 * 480) / 4520, 1);
    expect(c.heapNotIncluded).toBeUndefined();
    expect(profilingCostWords(c)).toMatch(/about 11 % of the app's CPU/);
  });

  it('says heap sampling is not in the figure when it was on', () => {
    const c = profilingCost({ cpuSamples: 100, profiledSec: 1, processCpuMs: 1000, heap: true })!;
    expect(c.heapNotIncluded).toBe(true);
    expect(profilingCostWords(c)).toMatch(/heap sampling not included/);
    expect(profilingCostWords(c)).toMatch(/about (<1|\d+) %/);
  });

  it('gives no figure where none holds', () => {
    expect(profilingCost({ cpuSamples: undefined, profiledSec: 10, processCpuMs: 5000, heap: true })).toBeUndefined();
    expect(profilingCost({ cpuSamples: 1000, profiledSec: 10, processCpuMs: 0, heap: false })).toBeUndefined();
    // An estimate above the process's whole CPU means the per-sample figure does not fit this machine.
    expect(profilingCost({ cpuSamples: 1_000_000, profiledSec: 10, processCpuMs: 100, heap: false })).toBeUndefined();
  });
});
