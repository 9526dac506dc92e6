// A run whose app never served (it exited before listening, never listened, or found its port taken) is not judged
// by the analysers: nothing was measured, and "not enough data, run the load for longer" would be the wrong advice.
// The verdict says what happened instead, in the words of the error that ended the start.
import type { Diagnosis } from '../contract/diagnosis.js';
import type { AdviceTexts } from './input.js';
import { withoutProbeFrames } from './stack-frames.js';
import { THRESHOLDS_VERSION } from './thresholds.js';

/**
 * The errors that mean the app never reached the point of serving, and those of a set-up step (a login) that failed
 * before any load was sent: in both, nothing was measured to judge.
 */
const START_FAILURES = new Set(['CHK_TARGET_EXITED_EARLY', 'CHK_TARGET_NEVER_LISTENED', 'CHK_PORT_IN_USE', 'CHK_PROBE_FAILED', 'CHK_SETUP_FAILED', 'CHK_SETUP_TIMEOUT', 'CHK_SETUP_UNREACHABLE', 'CHK_SETUP_NO_COOKIE', 'CHK_SETUP_NO_TOKEN']);

export function isStartFailure(code: string | undefined): boolean {
  return code !== undefined && START_FAILURES.has(code);
}

export interface StartFailure {
  code: string;
  message: string;
  hint?: string;
  /** The app's last lines of output. */
  lastLines: string[];
  exitCode?: number | null;
  /** How long Checkup waited for the port, s. */
  waitedSec?: number;
}

export function startFailedDiagnosis(failure: StartFailure, advice: AdviceTexts = {}): Diagnosis {
  const last = withoutProbeFrames(failure.lastLines.filter((l) => l.trim())).slice(-3);
  const evidence: Diagnosis['findings'][number]['evidence'] = [];
  if (failure.exitCode !== undefined && failure.exitCode !== null) evidence.push({ label: 'Exit code', value: failure.exitCode, unit: 'exit code', series: 'target' });
  // The app started and listened, but the set-up step (a login) was refused or unanswered: said as such.
  const kind = failure.code.startsWith('CHK_SETUP_') ? 'setup-failed' : 'start-failed';
  const waitedFor = kind === 'setup-failed' ? 'Waited for the set-up step’s answer' : 'Waited for the app to listen';
  if (failure.waitedSec !== undefined) evidence.push({ label: waitedFor, value: failure.waitedSec, unit: 's', series: 'target' });
  const title = kind === 'setup-failed' ? 'The set-up step failed' : failure.code === 'CHK_TARGET_NEVER_LISTENED' ? 'The app never listened' : 'The app did not start';
  return {
    verdict: kind,
    findings: [
      {
        kind,
        severity: 'problem',
        title,
        explanation: `${failure.message}${failure.hint ? ` ${failure.hint}` : ''}${last.length ? ` Its last output: ${last.join(' / ')}` : kind === 'start-failed' ? ' It wrote no output.' : ''}`,
        evidence,
        culprits: [],
        advice: advice[kind] ?? '',
      },
    ],
    analyser: THRESHOLDS_VERSION,
  };
}
