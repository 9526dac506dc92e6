// A real run with a CPU profile records what the profiler cost it: more samples (a shorter interval) cost more, and the
// estimate is a share of the CPU the probe measured, never all of it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../app/engine/engine.js';

const engine = new Engine({ sessionsDir: mkdtempSync(join(tmpdir(), 'checkup-profcost-')) });
afterAll(() => engine.close());

describe('profiling cost of a run', () => {
  it('is recorded from the run’s samples and CPU, larger at a shorter sampling interval', async () => {
    const run = async (samplingIntervalUs: number, cpu = true) => {
      const recipe = { target: { kind: 'lab', lab: 'healthy', variant: 'slow' }, load: { durationSec: 2, warmupSec: 1, connections: 4 }, profile: { cpu, heap: false, samplingIntervalUs } };
      const started = await engine.startRun({ recipe });
      const outcome = await engine.registry.runOutcome(started.runId);
      expect(outcome.error?.message).toBeUndefined();
      return (await engine.getSession({ id: outcome.sessionId })).session.profilingCost;
    };
    const fine = (await run(250))!;
    const coarse = (await run(4000))!;
    expect(fine.cpuSamples).toBeGreaterThan(coarse.cpuSamples);
    expect(fine.estimatedMs).toBeGreaterThan(coarse.estimatedMs);
    for (const c of [fine, coarse]) {
      expect(c.estimatedMs).toBeLessThan(c.processCpuMs);
      expect(c.percent).toBeGreaterThan(0);
      expect(c.heapNotIncluded).toBeUndefined();
    }
    expect(await run(1000, false)).toBeUndefined();
  }, 60_000);
});
