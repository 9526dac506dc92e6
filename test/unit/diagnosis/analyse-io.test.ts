// The I/O analyser: waits the app could avoid (calls in series, queueing for a connection, requests held in the app's
// own queue before their call) are io-bound; one slow downstream call per request is only a note.
import { describe } from 'vitest';
import { analyseIo } from '../../../app/diagnosis/analyse-io.js';
import { onRecordedLabs, onSyntheticRuns } from '../../helpers/analyser-cases.js';

describe('analyseIo', () => {
  onSyntheticRuns(analyseIo, { io: ['io-bound:problem', 'fetchInventory'], 'slow-downstream': 'io-bound:info', 'held-in-app': ['io-bound:problem', 'callInventory'], 'too-short': 'insufficient' });
  onRecordedLabs(analyseIo, { 'slow-io': ['io-bound:problem', 'fetchInventory'] });
});
