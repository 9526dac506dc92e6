// A compared figure for tests of what the faces show: requests/s, 100 → 100 unless overridden, judged as noise.
import type { FigureComparison } from '../../app/contract/compare.js';

export function figureComparison(over: Partial<FigureComparison>): FigureComparison {
  const before = over.before ?? 100;
  const after = over.after ?? 100;
  return {
    key: 'requestsPerSecond',
    label: 'Requests per second',
    unit: 'req/s',
    before,
    after,
    ratio: after / before,
    changePercent: (after / before - 1) * 100,
    better: 'higher',
    significant: false,
    outcome: 'unchanged',
    judgement: { verdict: 'within-noise', reason: 'within run-to-run noise (p = 0.4)' },
    ...over,
  };
}
