// The terminal's comparison says what the UI and the HTML report say: the verdict's movement, each figure's change,
// outcome and the engine's reason, and the functions by name and place; the CI message uses the same change words.
import { describe, expect, it } from 'vitest';
import { humanComparison, regressions } from '../../../app/cli/compare-report.js';
import type { Comparison } from '../../../app/contract/compare.js';
import { figureComparison } from '../../helpers/figure-comparison.js';

// Plain text, as in a pipe, whatever terminal runs the tests.
process.env.NO_COLOR = '1';

const comparison = (over: Partial<Comparison> = {}): Comparison => ({
  before: { sessionId: 'a', dir: '/a', name: 'slow', createdAt: new Date(0).toISOString(), verdict: 'event-loop-blocked', repeats: 1 },
  after: { sessionId: 'b', dir: '/b', name: 'fixed', createdAt: new Date(0).toISOString(), verdict: 'healthy', repeats: 1 },
  figures: [
    figureComparison({ before: 45, after: 13964, significant: true, outcome: 'improved', test: { method: 'M1', p: 0.0003, n: [5, 5], minimumEffect: 0 }, judgement: { verdict: 'real', reason: 'p = 0.0003; after/before between 82.2× and 191×' } }),
    figureComparison({ key: 'latencyP99', label: 'Latency p99', unit: 'ms', before: 36.9, after: 37.2, better: 'lower', test: { method: 'M1', p: 0.6, n: [5, 5], minimumEffect: 0 } }),
  ],
  verdict: { before: 'event-loop-blocked', after: 'healthy' },
  functions: [{ functionName: '', url: `file://${process.cwd()}/lib/orders.js`, line: 29, category: 'app', selfBefore: 34.7, selfAfter: 0, delta: -34.7, perRequestUsBefore: 458, perRequestUsAfter: 0, deltaPerRequestUs: -458, change: 'faster' }],
  warnings: [],
  ...over,
});

describe('checkup compare in a terminal', () => {
  it('prints the verdict, the changes, outcomes and reasons, and the functions in the shared words', () => {
    const text = humanComparison(comparison());
    expect(text).toContain('Verdict   Fixed: from “The event loop is blocked” to healthy');
    expect(text).toMatch(/Requests per second +45 req\/s +→ +13,964 req\/s +×310 +real improvement: p = 0\.0003; after\/before between 82\.2× and 191×/);
    expect(text).toMatch(/Latency p99 +36\.9 ms +→ +37\.2 ms +\+0\.81 % +no real change: within run-to-run noise \(p = 0\.4\)/);
    expect(text).toMatch(/−458 µs per request +\(anonymous\) +lib\/orders\.js:29 +458 µs → 0 µs per request; self 34\.7 % → 0 % of the profile/);
  });

  it('names a significant regression for CI with the same change words and p-value', () => {
    const swapped = comparison({ figures: [figureComparison({ before: 13964, after: 45, significant: true, outcome: 'regressed', test: { method: 'M1', p: 0.0003, n: [5, 5], minimumEffect: 0 }, judgement: { verdict: 'real', reason: 'p = 0.0003' } })] });
    expect(regressions(swapped)).toEqual(['Requests per second ÷310 (p = 0.0003)']);
  });
});
