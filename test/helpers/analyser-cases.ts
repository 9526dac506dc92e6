// One analyser, judged on data whose truth we know: seeded synthetic runs of every scenario across noise levels
// (test/helpers/synthetic-run.ts) and the recorded sessions of the bundled labs (test/helpers/recorded-session.ts).
// Each analyser's test file states what it must say for each; anything not listed must give no finding.
import { describe, expect, it } from 'vitest';
import type { AnalyserResult, DiagnosisInput } from '../../app/diagnosis/input.js';
import { RECORDED_LABS, recordedInput, type RecordedLab } from './recorded-session.js';
import { syntheticRun, type Scenario } from './synthetic-run.js';

const SCENARIOS: Scenario[] = ['healthy-saturated', 'healthy-idle', 'blocked', 'io', 'slow-downstream', 'hot', 'overloaded', 'gc', 'leak', 'listener', 'crash', 'too-short', 'churn-no-trend'];
const NOISE = [0, 0.15, 0.3];
const SEEDS = [1, 2, 3, 4, 5];

/** An analyser's answer in one word: `insufficient`, `none`, or its findings as `kind:severity`. */
export function outcome(result: AnalyserResult): string {
  if (result.insufficient !== undefined) return 'insufficient';
  return result.findings.map((f) => `${f.kind}:${f.severity}`).join(',') || 'none';
}

/** Expected outcome and, for a finding, its first culprit's function name. */
export type Expectation = string | [outcome: string, culprit: string];

const split = (e: Expectation | undefined): [string, string | undefined] => (e === undefined ? ['none', undefined] : typeof e === 'string' ? [e, undefined] : e);

export function onSyntheticRuns(analyse: (input: DiagnosisInput) => AnalyserResult, expected: Partial<Record<Scenario, Expectation>>): void {
  describe('on seeded synthetic runs', () => {
    for (const scenario of SCENARIOS) {
      const [want, culprit] = split(expected[scenario]);
      it(`${scenario} → ${want}${culprit ? ` (${culprit})` : ''}, at every noise level and seed`, () => {
        for (const noise of NOISE) {
          for (const seed of SEEDS) {
            const result = analyse(syntheticRun({ scenario, noise, seed }));
            expect(outcome(result), `noise ${noise}, seed ${seed}`).toBe(want);
            if (culprit) expect(result.findings?.[0]?.culprits[0]?.functionName).toBe(culprit);
          }
        }
      });
    }
  });
}

export function onRecordedLabs(analyse: (input: DiagnosisInput) => AnalyserResult, expected: Partial<Record<RecordedLab, Expectation>>): void {
  describe('on recorded lab sessions', () => {
    for (const lab of RECORDED_LABS) {
      const [want, culprit] = split(expected[lab]);
      it(`${lab} → ${want}${culprit ? ` (${culprit})` : ''}`, () => {
        const result = analyse(recordedInput(lab));
        expect(outcome(result)).toBe(want);
        if (culprit) expect(result.findings?.[0]?.culprits[0]?.functionName).toBe(culprit);
      });
    }
  });
}
