// Figures of an interleaved A/B comparison: N pairs of runs, before and after, run alternately (A B A B ...). Each
// pair ran side by side in time, so whatever the machine's other programs did moved both of its runs alike; testing
// the pairs' own differences lets that drift cancel, where two groups of runs compared as groups would keep it in
// their variances. Pure: the caller reads the sessions.
import type { FigureComparison, SignificanceTest } from '../contract/compare.js';
import type { SessionDetail } from '../contract/session.js';
import { mean } from '../numbers.js';
import { figureValues } from './figures.js';
import { judge, type Untested } from './significance.js';
import { studentQuantile, studentTwoSidedP, variance } from './stats.js';
import { ALPHA, MIN_ABSOLUTE_CHANGE, REPEATED_MIN_EFFECT } from './thresholds.js';

export type SessionPair = [before: SessionDetail, after: SessionDetail];

/** How the pairs are tested, in the words every face shows. */
export function pairedMethod(n: number): string {
  return `paired t-test on ln(after/before) of ${n} interleaved pair${n === 1 ? '' : 's'} (A B A B …, ${Math.max(0, n - 1)} degree${n === 2 ? '' : 's'} of freedom)`;
}

interface PairedResult {
  before: number;
  after: number;
  ratio: number;
  test: SignificanceTest | Untested;
}

/**
 * The paired t-test. On the log scale when every value is positive (throughput and latency change by factors; the
 * ratio's interval is then exp of the mean log ratio's), else on plain differences (failed requests, mostly zeros).
 * The before and after shown are geometric means on the log scale, so after/before is exactly the mean pair ratio.
 */
function pairedTest(a: number[], b: number[]): PairedResult {
  const n = a.length;
  const logScale = [...a, ...b].every((v) => v > 0);
  const before = logScale ? Math.exp(mean(a.map(Math.log))) : mean(a);
  const after = logScale ? Math.exp(mean(b.map(Math.log))) : mean(b);
  const ratio = logScale ? after / before : before === 0 ? (after === 0 ? 1 : Infinity) : after / before;
  if (n < 2) return { before, after, ratio, test: { verdict: 'too-few-values', values: 'pairs', n: [n, n] } };
  const d = a.map((x, i) => (logScale ? Math.log(b[i]! / x) : b[i]! - x));
  const m = mean(d);
  const se = Math.sqrt(variance(d) / n);
  const df = n - 1;
  const base = { method: `${pairedMethod(n)}${logScale ? '' : ', on differences'}`, n: [n, n] as [number, number], minimumEffect: REPEATED_MIN_EFFECT };
  if (se === 0) {
    // Every pair moved by exactly the same amount: no spread to doubt it (or no change at all).
    return { before, after, ratio, test: { ...base, p: m === 0 ? 1 : 0, ...(logScale ? { ci: [Math.exp(m), Math.exp(m)] as [number, number] } : {}) } };
  }
  const t = m / se;
  const q = studentQuantile(ALPHA, df);
  const ci: [number, number] | undefined = logScale ? [Math.exp(m - q * se), Math.exp(m + q * se)] : undefined;
  return { before, after, ratio, test: { ...base, p: studentTwoSidedP(t, df), ...(ci ? { ci } : {}) } };
}

/** Every figure both runs of every pair have, tested pair by pair. */
export function comparePairedFigures(pairs: SessionPair[]): FigureComparison[] {
  const perPair = pairs.map(([a, b]) => [new Map(figureValues(a).map((f) => [f.key, f])), new Map(figureValues(b).map((f) => [f.key, f]))] as const);
  const first = pairs.length ? figureValues(pairs[0]![0]) : [];
  const out: FigureComparison[] = [];
  for (const fig of first) {
    if (!perPair.every(([a, b]) => a.has(fig.key) && b.has(fig.key))) continue;
    const a = perPair.map(([x]) => x.get(fig.key)!.value);
    const b = perPair.map(([, y]) => y.get(fig.key)!.value);
    const r = pairedTest(a, b);
    const floor = MIN_ABSOLUTE_CHANGE[fig.key];
    const tested = 'verdict' in r.test || floor === undefined ? r.test : { ...r.test, minimumAbsolute: floor };
    const { significant, judgement } = judge({ before: r.before, after: r.after, ratio: r.ratio, unit: fig.unit }, tested);
    const untested = 'verdict' in tested;
    const better = fig.better === 'higher' ? r.ratio > 1 : r.ratio < 1;
    out.push({
      key: fig.key,
      label: fig.label,
      unit: fig.unit,
      before: r.before,
      after: r.after,
      ratio: r.ratio,
      changePercent: Number.isFinite(r.ratio) ? (r.ratio - 1) * 100 : Infinity,
      better: fig.better,
      ...(untested ? {} : { test: tested }),
      significant,
      outcome: untested ? 'untested' : !significant ? 'unchanged' : better ? 'improved' : 'regressed',
      judgement,
    });
  }
  return out;
}
