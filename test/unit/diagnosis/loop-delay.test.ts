// Event-loop delay over the measured window: the median of the windows' p99, the stalled share and the worst windows.
import { describe, expect, it } from 'vitest';
import { loopDelay } from '../../../app/diagnosis/loop-delay.js';
import { thresholds as T } from '../../../app/diagnosis/thresholds.js';
import { recordedInput } from '../../helpers/recorded-session.js';
import { syntheticRun } from '../../helpers/synthetic-run.js';

describe('loopDelay on seeded synthetic runs', () => {
  it('reads a blocked run far above the problem threshold and a healthy one below the warning, at every noise level', () => {
    for (const noise of [0, 0.15, 0.3]) {
      for (const seed of [1, 2, 3]) {
        const blocked = loopDelay(syntheticRun({ scenario: 'blocked', noise, seed }).samples);
        const healthy = loopDelay(syntheticRun({ scenario: 'healthy-saturated', noise, seed }).samples);
        expect(blocked.p99).toBeGreaterThan(T.delayProblemMs);
        expect(blocked.stalledShare).toBe(1);
        expect(healthy.p99).toBeLessThan(T.delayWarningMs);
        expect(healthy.stalledShare).toBe(0);
        expect(blocked.windows).toBe(20);
      }
    }
  });
  it('an empty window set reads zero, not NaN', () => {
    expect(loopDelay([])).toEqual({ p99: 0, max: 0, blockedWindows: 0, stalledWindows: 0, stalledShare: 0, stallP99: 0, highP99: 0, windows: 0 });
  });
});

describe('loopDelay on recorded lab sessions', () => {
  it('blocking reads a problem-sized delay in every window; healthy stays under the warning', () => {
    const blocking = loopDelay(recordedInput('blocking').samples);
    const healthy = loopDelay(recordedInput('healthy').samples);
    expect(blocking.p99).toBeGreaterThan(T.delayProblemMs);
    expect(blocking.stalledShare).toBeGreaterThan(0.5);
    expect(healthy.p99).toBeLessThan(T.delayWarningMs);
    expect(healthy.stalledShare).toBe(0);
    expect(blocking.max).toBeGreaterThanOrEqual(blocking.highP99);
  });
});
