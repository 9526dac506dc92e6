// The collector as a cause, or as part of the requests' own work. A loop blocked by requests
// that each cost tens of ms of JavaScript beside the collector's time (20,000 database rows parsed and serialised
// per request, the collector at 19 % of the time) is blocked by that work, and the collector's share is part of it;
// the same collector's share beside cheap requests is the cause (allocation makes them costly).
import { describe, expect, it } from 'vitest';
import { judge } from '../../../app/diagnosis/judge.js';
import { requestCost } from '../../../app/diagnosis/request-cost.js';
import { workBesideGcMs } from '../../../app/diagnosis/analyse-gc.js';
import { syntheticRun } from '../../helpers/synthetic-run.js';

function gcRun(requestsPerSecond: number) {
  const run = syntheticRun({ scenario: 'gc', noise: 0 });
  const seconds = (run.samples.length * 250) / 1000;
  run.load = { ...run.load!, requestsPerSecond, requestsTotal: Math.round(requestsPerSecond * seconds) };
  return run;
}

describe('the collector beside the requests\' own work', () => {
  it('the synthetic GC run as generated: the collector is the cause', () => {
    const run = gcRun(syntheticRun({ scenario: 'gc', noise: 0 }).load!.requestsPerSecond);
    expect(workBesideGcMs(run, requestCost(run).costlyRequestMs)).toBeLessThan(10);
    expect(judge(run).verdict).toBe('gc-pressure');
  });

  it('requests that each cost tens of ms beside the collector: their work leads, the collector is said as part of it', () => {
    // The same loop and collector over few requests: each holds the loop ~60 ms, ~48 ms of it not the collector's.
    const run = gcRun(15);
    run.samples = run.samples.map((s) => ({ ...s, delay: { ...s.delay, p99: 30, max: 60 } }));
    const beside = workBesideGcMs(run, requestCost(run).costlyRequestMs);
    expect(beside).toBeGreaterThan(10);
    const d = judge(run);
    expect(['event-loop-blocked', 'hot-path']).toContain(d.verdict);
    const gc = d.findings.find((f) => f.kind === 'gc-pressure')!;
    expect(gc.severity).toBe('warning');
    expect(gc.explanation).toMatch(/part of the requests' own work/);
  });
});
