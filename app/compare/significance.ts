// Whether a figure's change is real, and why, decided once here: the comparison carries the verdict and the reason
// in words (Judgement), so no face re-derives the reasoning from the p-value and the thresholds.
import type { FigureComparison, Judgement, SignificanceTest } from '../contract/compare.js';
import { pValue, quantity, ratioText, sig } from '../contract/words.js';
import { ALPHA, MIN_ABSOLUTE_CHANGE } from './thresholds.js';

/**
 * Why a figure was not tested: a figure with one value per run, too few values on a side, or a CPU figure of two runs
 * whose machines were busy to different degrees (other programs' cores, before and after).
 */
export type Untested =
  | { verdict: 'no-spread' }
  | { verdict: 'too-few-values'; values: string; n: [number, number] }
  | { verdict: 'machine-differs'; otherCores: [number, number] };

export function judge(
  fig: Pick<FigureComparison, 'before' | 'after' | 'ratio' | 'unit'>,
  test: SignificanceTest | Untested,
): { significant: boolean; judgement: Judgement } {
  if ('verdict' in test) {
    if (test.verdict === 'no-spread') return { significant: false, judgement: { verdict: 'no-spread', reason: 'one value per run, no spread to test against' } };
    if (test.verdict === 'machine-differs') {
      const [a, b] = test.otherCores;
      return { significant: false, judgement: { verdict: 'machine-differs', reason: `other programs used ${sig(a, 2)} cores during the before run and ${sig(b, 2)} during the after run, and a process's CPU figures move with that` } };
    }
    const [a, b] = test.n;
    return { significant: false, judgement: { verdict: 'too-few-values', reason: `fewer than 2 ${test.values} on a side (${a} before, ${b} after)` } };
  }
  const p = pValue(test.p);
  const not = (verdict: Judgement['verdict'], reason: string) => ({ significant: false, judgement: { verdict, reason } });
  if (!(test.p < ALPHA)) return not('within-noise', `within run-to-run noise (${p})`);
  if (Math.abs(fig.ratio - 1) < test.minimumEffect) {
    return not('under-minimum-effect', `smaller than the ${sig(test.minimumEffect * 100, 2)} % this test tells from run-to-run noise (${p})`);
  }
  const change = Math.abs(fig.after - fig.before);
  if (test.minimumAbsolute !== undefined && change < test.minimumAbsolute) {
    // A big ratio of a small level is no news: 0.02 % → 1.6 % of time in GC.
    return not('under-minimum-absolute', `too small to matter: ${quantity(change, fig.unit)}, under the ${quantity(test.minimumAbsolute, fig.unit)} that counts for this figure (${p})`);
  }
  const ci = test.ci ? `; after/before between ${ratioText(test.ci[0])} and ${ratioText(test.ci[1])}` : '';
  return { significant: true, judgement: { verdict: 'real', reason: `${p}${ci}` } };
}

/**
 * One figure compared, the same way for runs side by side (figures.ts) and for the pairs of an A/B comparison
 * (paired.ts): the figure's absolute floor added to its test, the judgement, and the outcome that follows from it.
 */
export function compareFigure(
  fig: Pick<FigureComparison, 'key' | 'label' | 'unit' | 'better'>,
  before: number,
  after: number,
  ratio: number,
  test: SignificanceTest | Untested,
): FigureComparison {
  const floor = MIN_ABSOLUTE_CHANGE[fig.key];
  const tested = 'verdict' in test || floor === undefined ? test : { ...test, minimumAbsolute: floor };
  const { significant, judgement } = judge({ before, after, ratio, unit: fig.unit }, tested);
  const untested = 'verdict' in tested;
  const better = fig.better === 'higher' ? ratio > 1 : ratio < 1;
  return {
    key: fig.key,
    label: fig.label,
    unit: fig.unit,
    before,
    after,
    ratio,
    changePercent: Number.isFinite(ratio) ? (ratio - 1) * 100 : Infinity,
    better: fig.better,
    ...(untested ? {} : { test: tested }),
    significant,
    outcome: untested ? 'untested' : !significant ? 'unchanged' : better ? 'improved' : 'regressed',
    judgement,
  };
}
