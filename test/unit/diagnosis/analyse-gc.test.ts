// The GC analyser: time in GC pauses above its threshold is GC pressure.
import { describe } from 'vitest';
import { analyseGc } from '../../../app/diagnosis/analyse-gc.js';
import { onRecordedLabs, onSyntheticRuns } from '../../helpers/analyser-cases.js';

describe('analyseGc', () => {
  onSyntheticRuns(analyseGc, { gc: ['gc-pressure:problem', 'buildRows'], 'too-short': 'insufficient' });
  // The lab's culprit is orderStats's map callback (buildRows is inlined into it).
  onRecordedLabs(analyseGc, { 'gc-churn': ['gc-pressure:problem', '(anonymous)'] });
});
