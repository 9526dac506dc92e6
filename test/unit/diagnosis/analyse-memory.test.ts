// The memory analyser: a heap floor that keeps rising (or memory kept after the load and a full GC) is a leak.
import { describe, expect, it } from 'vitest';
import { analyseMemory } from '../../../app/diagnosis/analyse-memory.js';
import { onRecordedLabs, onSyntheticRuns } from '../../helpers/analyser-cases.js';
import { recordedInput } from '../../helpers/recorded-session.js';

describe('analyseMemory', () => {
  // A listener leak grows the heap as well (diagnose() then names the listeners as the cause).
  onSyntheticRuns(analyseMemory, { leak: ['memory-leak:problem', 'rememberRequest'], listener: 'memory-leak:problem', 'too-short': 'insufficient' });
  onRecordedLabs(analyseMemory, { 'memory-leak': 'memory-leak:problem' });

  it('the recorded leak names the request handler, and rememberRequest among what it calls (V8 inlined it)', () => {
    const culprit = analyseMemory(recordedInput('memory-leak')).findings![0]!.culprits[0]!;
    expect(culprit.functionName).toBe('handle');
    expect(culprit.mayInclude?.map((f) => f.functionName)).toContain('rememberRequest');
  });
});
