// The crash analyser: a target that exited on its own is the verdict, named by the frame that threw.
import { describe, expect, it } from 'vitest';
import { analyseCrash } from '../../../app/diagnosis/analyse-crash.js';
import { onRecordedLabs, onSyntheticRuns } from '../../helpers/analyser-cases.js';
import { recordedInput } from '../../helpers/recorded-session.js';

describe('analyseCrash', () => {
  onSyntheticRuns(analyseCrash, { crash: ['target-crashed:problem', 'parseOrder'] });
  // No lab crashes: the analyser must stay silent on all of them.
  onRecordedLabs(analyseCrash, {});

  it('a recorded healthy session that is made to crash is a crash, with the exit code in the evidence', () => {
    const input = recordedInput('healthy');
    input.target = { ...input.target, crashed: true, exitCode: 1, signal: null, crashedAtMs: 1200, stderrTail: ['TypeError: boom', '    at handle (/srv/app/server.js:7:9)'] };
    const finding = analyseCrash(input).findings![0]!;
    expect(finding.kind).toBe('target-crashed');
    expect(finding.culprits[0]?.functionName).toBe('handle');
  });
});
