// The GC analyser: main-thread time in garbage collection above its threshold is GC pressure.
import { describe, expect, it } from 'vitest';
import { analyseGc, gcPauseShare, gcShare } from '../../../app/diagnosis/analyse-gc.js';
import { onRecordedLabs, onSyntheticRuns, outcome } from '../../helpers/analyser-cases.js';
import { syntheticRun } from '../../helpers/synthetic-run.js';

describe('analyseGc', () => {
  onSyntheticRuns(analyseGc, { gc: ['gc-pressure:problem', 'buildRows'], 'too-short': 'insufficient' });
  // The lab's culprit is orderStats's map callback (buildRows is inlined into it).
  onRecordedLabs(analyseGc, { 'gc-churn': ['gc-pressure:problem', '(anonymous)'] });

  // The runtime's 'gc' entries leave out the incremental marking steps between pauses; the profile counts them.
  it('judges the profile\'s time in the collector when there is a profile, the reported pauses without one', () => {
    const run = syntheticRun({ scenario: 'healthy-saturated', noise: 0 });
    const withProfile = { ...run, cpu: { ...run.cpu!, gcPercent: 17 } };
    expect(gcPauseShare(withProfile)).toBeLessThan(0.05);
    expect(gcShare(withProfile)).toBeCloseTo(0.17, 5);
    expect(outcome(analyseGc(withProfile))).toBe('gc-pressure:problem');

    const withoutProfile = { ...withProfile, cpu: undefined };
    expect(gcShare(withoutProfile)).toBeCloseTo(gcPauseShare(withoutProfile), 5);
    expect(outcome(analyseGc(withoutProfile))).toBe('none');
  });
});
