import { describe, expect, it } from 'vitest';
import { startFailedDiagnosis } from '../../../app/diagnosis/start-failure.js';

describe('a run that never served', () => {
  it('says what it waited for: the port of an app that never listened', () => {
    const d = startFailedDiagnosis({ code: 'CHK_TARGET_NEVER_LISTENED', message: 'The app did not listen within 30 s.', lastLines: [], waitedSec: 30 });
    expect(d.verdict).toBe('start-failed');
    expect(d.findings[0]!.evidence).toEqual([{ label: 'Waited for the app to listen', value: 30, unit: 's', series: 'target' }]);
    expect(d.findings[0]!.explanation).toContain('It wrote no output.');
  });

  it('says what it waited for: the answer of a set-up step that never came (the app was listening)', () => {
    const d = startFailedDiagnosis({ code: 'CHK_SETUP_TIMEOUT', message: 'The set-up step got no answer to POST /login within 2 s. No load was sent.', lastLines: ['POST /login'], waitedSec: 2 });
    expect(d.verdict).toBe('setup-failed');
    expect(d.findings[0]!.title).toBe('The set-up step failed');
    expect(d.findings[0]!.evidence.map((e) => e.label)).toEqual(['Waited for the set-up step’s answer']);
  });
});
