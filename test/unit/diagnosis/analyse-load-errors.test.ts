// The load-errors analyser: failed requests above 1 % are a warning, above 10 % a problem. No synthetic scenario and
// no lab fails requests, so it must stay silent on all of them; failures are then added to real recorded runs.
import { describe, expect, it } from 'vitest';
import { analyseLoadErrors } from '../../../app/diagnosis/analyse-load-errors.js';
import { onRecordedLabs, onSyntheticRuns, outcome } from '../../helpers/analyser-cases.js';
import { recordedInput } from '../../helpers/recorded-session.js';

describe('analyseLoadErrors', () => {
  onSyntheticRuns(analyseLoadErrors, {});
  onRecordedLabs(analyseLoadErrors, {});

  it('a recorded run whose answers are 5 % HTTP 500 is a warning, 50 % a problem, naming the status', () => {
    for (const [share, want] of [[0.05, 'load-errors:warning'], [0.5, 'load-errors:problem']] as const) {
      const input = recordedInput('healthy');
      const failed = Math.round(input.load!.requestsTotal * share);
      input.load = { ...input.load!, non2xx: failed, statusCodes: { '200': input.load!.requestsTotal - failed, '500': failed } };
      const result = analyseLoadErrors(input);
      expect(outcome(result)).toBe(want);
      expect(result.findings![0]!.explanation).toContain('HTTP 500');
    }
  });
});
