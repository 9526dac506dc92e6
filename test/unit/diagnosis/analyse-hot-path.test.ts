// The hot-path analyser: costly requests dominated by one function.
import { describe } from 'vitest';
import { analyseHotPath } from '../../../app/diagnosis/analyse-hot-path.js';
import { onRecordedLabs, onSyntheticRuns } from '../../helpers/analyser-cases.js';

describe('analyseHotPath', () => {
  onSyntheticRuns(analyseHotPath, { hot: ['hot-path:problem', 'cloneState'], 'too-short': 'insufficient' });
  // No lab is a hot path: blocking's requests hold the loop long enough to be a blocked loop instead.
  onRecordedLabs(analyseHotPath, {});
});
