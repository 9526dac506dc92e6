// The schemas every session file is checked with on reading (issue 15) accept every kind of finding the doctor can
// write: a kind added to the contract must never make the sessions that carry it read as damaged.
import { describe, expect, it } from 'vitest';
import { FINDING_KINDS } from '../../../app/contract/diagnosis.js';
import { DiagnosisSchema } from '../../../app/contract/session-schemas.js';

describe('session schemas', () => {
  it.each(FINDING_KINDS)('a diagnosis whose verdict is %s is not damaged', (kind) => {
    const diagnosis = { verdict: kind, analyser: 'thresholds-4', findings: [{ kind, severity: 'problem', title: 't', explanation: 'e', advice: '', evidence: [], culprits: [] }] };
    expect(DiagnosisSchema.safeParse(diagnosis).success).toBe(true);
  });

  it('an unknown verdict is', () => {
    expect(DiagnosisSchema.safeParse({ verdict: 'fine', analyser: 'x', findings: [] }).success).toBe(false);
  });
});
