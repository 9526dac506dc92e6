// Keeps the probe-overhead benchmark working (its figures come from `npm run bench`, not from here): one short pair,
// real servers, real autocannon in its own process, everything cleaned up.
import { describe, expect, it } from 'vitest';
import { benchProbeOverhead } from '../../../bench/probe-overhead.js';

describe('benchProbeOverhead', () => {
  it('measures a plain and a probed hello-world server and reports their ratio', async () => {
    const progress: string[] = [];
    const result = await benchProbeOverhead({ pairs: 1, durationSec: 1, warmupSec: 0, connections: 4, onProgress: (m) => progress.push(m) });
    expect(result.pairs).toHaveLength(1);
    const pair = result.pairs[0]!;
    expect(pair.plainRps).toBeGreaterThan(100);
    expect(pair.probedRps).toBeGreaterThan(100);
    expect(result.medianRatio).toBeCloseTo(pair.probedRps / pair.plainRps, 6);
    if (process.platform === 'linux') {
      expect(pair.plainCpuUsPerRequest).toBeGreaterThan(0);
      expect(pair.probedCpuUsPerRequest).toBeGreaterThan(0);
    }
    expect(progress[0]).toMatch(/pair 1\/1/);
  });
});
