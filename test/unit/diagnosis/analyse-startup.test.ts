// The start-up analyser: a warning when the app takes 3 s or more to listen.
import { describe, expect, it } from 'vitest';
import { analyseStartup } from '../../../app/diagnosis/analyse-startup.js';
import { onRecordedLabs, onSyntheticRuns, outcome } from '../../helpers/analyser-cases.js';
import { recordedInput } from '../../helpers/recorded-session.js';

describe('analyseStartup', () => {
  onSyntheticRuns(analyseStartup, {});
  // The labs listen within a fraction of a second.
  onRecordedLabs(analyseStartup, {});

  it('the recorded start-up is far below the threshold; the same run starting in 4 s is a warning', () => {
    const input = recordedInput('healthy');
    expect(input.target.startupMs).toBeGreaterThan(0);
    expect(input.target.startupMs).toBeLessThan(1000);
    input.target.startupMs = 4000;
    expect(outcome(analyseStartup(input))).toBe('slow-startup:warning');
  });
});
