// A run's profiling cost reaches the user in `checkup run`'s text and JSON, and only when the run has an estimate.
import { describe, expect, it } from 'vitest';
import { humanReport, jsonReport } from '../../../app/cli/report.js';
import type { ProfilingCost, SessionDetail } from '../../../app/contract/session.js';

function detail(profilingCost?: ProfilingCost): SessionDetail {
  const session = {
    id: 's1',
    name: 'hello',
    status: 'complete',
    target: {},
    timings: { startedAt: 0 },
    recipe: { load: { connections: 10, durationSec: 10, warmupSec: 2, requests: [] } },
    ...(profilingCost ? { profilingCost } : {}),
  };
  return { dir: '/tmp/session', session } as unknown as SessionDetail;
}

const cost: ProfilingCost = { cpuSamples: 7051, sampleCostUs: 35, estimatedMs: 299, processCpuMs: 2254.7, percent: 15.3, heapNotIncluded: true };

describe('the profiling cost in the run report', () => {
  it('gives the estimate and what it rests on in the text', () => {
    const line = humanReport(detail(cost)).split('\n').find((l) => l.includes('Profiling'))!;
    expect(line).toMatch(/about 15 % of the app's CPU/);
    expect(line).toContain('7,051 CPU samples');
    expect(line).toContain('heap sampling not included');
  });

  it('carries the figures in the JSON', () => {
    expect((jsonReport(detail(cost)) as { profilingCost?: ProfilingCost }).profilingCost).toEqual(cost);
  });

  it('says nothing when the run has no estimate', () => {
    expect(humanReport(detail())).not.toContain('Profiling');
    expect(jsonReport(detail())).not.toHaveProperty('profilingCost');
  });
});
