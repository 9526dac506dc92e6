// The "Next step" line of the terminal report: the advice files wrap their lines, and the line printed must be the
// whole first step (or paragraph) on one line, with no cut-off sentence and no escaped line break.
import { describe, expect, it } from 'vitest';
import { nextStep } from '../../../app/cli/report.js';
import { loadDiagnosisAdvice } from '../../../app/diagnosis/advice-files.js';

describe('the next step printed by `checkup run`', () => {
  it('is the whole first step, over its wrapped lines', () => {
    const advice = loadDiagnosisAdvice()['setup-failed']!;
    expect(nextStep(advice)).toBe(
      'Read the answer in the message: a 401 or 403 is usually a wrong user name or password, a 404 a wrong path, a 400 or ' +
        '415 a body the app did not understand (is it JSON, and does the app expect JSON?).',
    );
  });

  it('is the whole first paragraph when the advice has no numbered steps, joined without an escaped line break', () => {
    const advice = loadDiagnosisAdvice().healthy!;
    const said = nextStep(advice);
    expect(said).toMatch(/^Nothing in this run points to a specific problem: .* did not wait on I\/O\.$/);
    expect(said).not.toContain('\\n');
  });

  it('stops at the end of the first step', () => {
    expect(nextStep('Intro.\n\n1. Do this\n   and that.\n2. Then the rest.')).toBe('Do this and that.');
  });
});
