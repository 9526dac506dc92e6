// The event-loop delay analyser: a blocked loop is a problem named by its culprit; a loop late only because thousands
// of cheap requests queue is overload (a note); a loop late under GC pauses is a warning (GC is the cause).
import { describe } from 'vitest';
import { analyseDelay } from '../../../app/diagnosis/analyse-delay.js';
import { onRecordedLabs, onSyntheticRuns } from '../../helpers/analyser-cases.js';

describe('analyseDelay', () => {
  onSyntheticRuns(analyseDelay, {
    blocked: ['event-loop-blocked:problem', 'computeReport'],
    overloaded: 'overloaded:info',
    gc: 'event-loop-blocked:warning',
    'too-short': 'insufficient',
  });
  // gc-churn's loop is blocked too (the doctor then names GC as the cause, in diagnose()).
  onRecordedLabs(analyseDelay, { blocking: ['event-loop-blocked:problem', 'computeReport'], 'gc-churn': 'event-loop-blocked:problem' });
});
