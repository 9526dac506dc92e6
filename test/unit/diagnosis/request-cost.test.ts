// What a request costs the event loop, and which route: the figure that tells many cheap requests from a few costly.
import { describe, expect, it } from 'vitest';
import { requestCost } from '../../../app/diagnosis/request-cost.js';
import { thresholds as T } from '../../../app/diagnosis/thresholds.js';
import { recordedInput } from '../../helpers/recorded-session.js';
import { syntheticRun } from '../../helpers/synthetic-run.js';

describe('requestCost on seeded synthetic runs', () => {
  it('a hot run costs more than the hot-request threshold per request, a saturated healthy one less', () => {
    for (const noise of [0, 0.15, 0.3]) {
      for (const seed of [1, 2, 3]) {
        expect(requestCost(syntheticRun({ scenario: 'hot', noise, seed })).loopMsPerRequest).toBeGreaterThan(T.hotRequestMs);
        expect(requestCost(syntheticRun({ scenario: 'healthy-saturated', noise, seed })).loopMsPerRequest).toBeLessThan(T.hotRequestMs);
      }
    }
  });
});

describe('requestCost on a machine busier than its cores', () => {
  it("counts the main thread's own CPU, not the time it waited for one", () => {
    const run = syntheticRun({ scenario: 'hot', noise: 0, seed: 1 });
    const gross = requestCost(run).loopMsPerRequest;
    // The same run whose main thread ran half of each 250 ms window, the loop reading busy throughout.
    const waited = { ...run, offMain: { mainCores: 0.5 } as NonNullable<typeof run.offMain> };
    const own = requestCost(waited);
    expect(own.source).toBe('thread-cpu');
    expect(own.loopMsPerRequest).toBeLessThan(0.6 * gross);
  });
});

describe('requestCost on recorded lab sessions', () => {
  it('blocking: its /report route holds the loop for milliseconds per request and takes most of the loop', () => {
    const cost = requestCost(recordedInput('blocking'));
    expect(cost.source).toBe('profile');
    expect(cost.loopMsPerRequest).toBeGreaterThan(T.hotRequestMs);
    const costliest = [...cost.routes].sort((a, b) => b.syncMeanMs - a.syncMeanMs)[0]!;
    expect(costliest.route).toBe('/report');
    expect(costliest.loopShare).toBeGreaterThan(0.5);
  });
  it('healthy: tens of thousands of requests, each a few hundredths of a millisecond', () => {
    const cost = requestCost(recordedInput('healthy'));
    expect(cost.requests).toBeGreaterThan(10_000);
    expect(cost.loopMsPerRequest).toBeLessThan(T.hotRequestMs);
  });
});
