// The listener analyser: a growing listener array (with or without Node's warning), blamed on the adding frame.
import { describe } from 'vitest';
import { analyseListeners } from '../../../app/diagnosis/analyse-listeners.js';
import { onRecordedLabs, onSyntheticRuns } from '../../helpers/analyser-cases.js';

describe('analyseListeners', () => {
  onSyntheticRuns(analyseListeners, { listener: ['listener-leak:problem', 'subscribeToUpdates'] });
  onRecordedLabs(analyseListeners, { 'listener-leak': ['listener-leak:problem', 'subscribeToUpdates'] });
});
