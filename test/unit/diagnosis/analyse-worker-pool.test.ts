// The saturated worker pool, on synthetic runs of known truth (seeded): an idle main loop waiting (the "io" shape)
// with threads busy all the time is a saturated pool, culprit the busiest thread's function; with threads that idle,
// a main loop that is itself blocked, or fast answers, it is not.
import { describe, expect, it } from 'vitest';
import { analyseWorkerPool, type ThreadEvidence } from '../../../app/diagnosis/analyse-worker-pool.js';
import type { DiagnosisInput } from '../../../app/diagnosis/input.js';
import { appFrame, syntheticRun } from '../../helpers/synthetic-run.js';

function thread(label: string, busyShare: number, fn: string): ThreadEvidence {
  const input: DiagnosisInput = {
    ...syntheticRun({ scenario: 'healthy-idle', seed: 7 }),
    cpu: { durationMs: 5000, gcPercent: 1, idlePercent: (1 - busyShare) * 100, busyPercent: busyShare * 100, culprits: [appFrame(fn, 5, busyShare * 90)] },
  };
  delete input.load;
  return { label, input };
}

describe('analyseWorkerPool', () => {
  for (const noise of [0, 0.1, 0.3]) {
    it(`finds a saturated pool behind a waiting main loop (noise ${noise})`, () => {
      const main = syntheticRun({ scenario: 'io', seed: 3, noise });
      const finding = analyseWorkerPool(main, [thread('thread 1', 0.97, 'crunch'), thread('thread 2', 0.99, 'crunchHarder')]);
      expect(finding?.kind).toBe('worker-pool-saturated');
      expect(finding?.severity).toBe('problem');
      expect(finding?.culprits[0]?.functionName).toBe('crunchHarder');
      expect(finding?.evidence.filter((e) => e.label.endsWith(': busy'))).toHaveLength(3);
    });
  }

  it('says nothing when the threads have time to spare', () => {
    const main = syntheticRun({ scenario: 'io', seed: 3 });
    expect(analyseWorkerPool(main, [thread('thread 1', 0.5, 'crunch'), thread('thread 2', 0.6, 'crunch')])).toBeUndefined();
  });

  it('leaves a main loop that is itself blocked to the other analysers', () => {
    const main = syntheticRun({ scenario: 'blocked', seed: 3 });
    expect(analyseWorkerPool(main, [thread('thread 1', 0.99, 'crunch')])).toBeUndefined();
  });

  it('says nothing when requests are answered quickly, or without threads or load', () => {
    const fast = syntheticRun({ scenario: 'healthy-idle', seed: 3 });
    expect(analyseWorkerPool(fast, [thread('thread 1', 0.99, 'crunch')])).toBeUndefined();
    expect(analyseWorkerPool(syntheticRun({ scenario: 'io', seed: 3 }), [])).toBeUndefined();
    const noLoad = syntheticRun({ scenario: 'io', seed: 3 });
    delete noLoad.load;
    expect(analyseWorkerPool(noLoad, [thread('thread 1', 0.99, 'crunch')])).toBeUndefined();
  });
});
