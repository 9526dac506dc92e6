// Figures of an interleaved A/B comparison: N pairs of runs, before and after, run alternately (A B A B ...). Each
// pair ran side by side in time, so whatever the machine's other programs did moved both of its runs alike; testing
// the pairs' own differences lets that drift cancel, where two groups of runs compared as groups would keep it in
// their variances. Pure: the caller reads the sessions.
import type { FigureComparison, SignificanceTest } from '../contract/compare.js';
import type { SessionDetail } from '../contract/session.js';
import { mean } from '../numbers.js';
import { figureValues } from './figures.js';
import { MACHINE_NOTICE } from '../contract/words.js';
import { compareFigure, type Untested } from './significance.js';
import { studentQuantile, studentTwoSidedP, variance } from './stats.js';
import { ALPHA, REPEATED_MIN_EFFECT } from './thresholds.js';

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
 * What pairing cannot cancel: other programs' use of the machine that differed between the sides *on average* over the
 * pairs (a drift that rose in one pair and fell in the next averages out, and the pairs' own spread already holds it;
 * one that always fell on the after runs is a bias, and more pairs do not shrink it). `delta`: after minus before in
 * cores, averaged, as a size. `sigma`: what that can do to a CPU-bound server, the mean over pairs of
 * ln((n − other before) / (n − other after)), the log ratio of the CPU left to the app on each side. Measured here, a
 * process burning a core on a machine other programs already kept busy moved "other programs" by only 0.3–0.4 cores
 * (they cannot use more than the machine has) yet cut requests/s by ×2.8; the CPU left (0.74 → 0.39 cores) says ×1.9,
 * where n / (n − Δ) said ×1.2.
 */
export function sideContention(pairs: SessionPair[]): { delta: number; sigma: number } | undefined {
  const diffs: number[] = [];
  const logs: number[] = [];
  // Never less than a quarter core left: the readings are means over a run, and a log of nothing is no bound.
  const left = (cores: number, other: number) => Math.max(0.25, cores - other);
  for (const [a, b] of pairs) {
    const [ma, mb] = [a.session.machine, b.session.machine];
    if (!ma || !mb) return undefined;
    const cores = Math.max(ma.cores, mb.cores);
    diffs.push(mb.otherCores - ma.otherCores);
    logs.push(Math.log(left(cores, ma.otherCores) / left(cores, mb.otherCores)));
  }
  return diffs.length ? { delta: Math.abs(mean(diffs)), sigma: Math.abs(mean(logs)) } : undefined;
}

/**
 * The paired t-test. On the log scale when every value is positive (throughput and latency change by factors; the
 * ratio's interval is then exp of the mean log ratio's), else on plain differences (failed requests, mostly zeros).
 * The before and after shown are geometric means on the log scale, so after/before is exactly the mean pair ratio.
 */
function pairedTest(a: number[], b: number[], busy: { delta: number; sigma: number } | undefined): PairedResult {
  const n = a.length;
  const logScale = [...a, ...b].every((v) => v > 0);
  const before = logScale ? Math.exp(mean(a.map(Math.log))) : mean(a);
  const after = logScale ? Math.exp(mean(b.map(Math.log))) : mean(b);
  const ratio = logScale ? after / before : before === 0 ? (after === 0 ? 1 : Infinity) : after / before;
  if (n < 2) return { before, after, ratio, test: { verdict: 'too-few-values', values: 'pairs', n: [n, n] } };
  const d = a.map((x, i) => (logScale ? Math.log(b[i]! / x) : b[i]! - x));
  const m = mean(d);
  // The sides' average difference in contention widens the test by one more standard deviation of its effect, as for
  // single runs (figures.ts), without dividing by n: it is the same in every pair.
  const widen = logScale && busy && busy.sigma > 0 ? busy : undefined;
  const se = Math.sqrt(variance(d) / n + (widen ? widen.sigma ** 2 : 0));
  const df = n - 1;
  const busyWords = widen ? `, widened by other programs using on average ${widen.delta.toFixed(1)} cores more on one side (up to ×${Math.exp(widen.sigma).toFixed(1)})` : '';
  const base = { method: `${pairedMethod(n)}${logScale ? '' : ', on differences'}${busyWords}`, n: [n, n] as [number, number], minimumEffect: REPEATED_MIN_EFFECT };
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
  const contention = sideContention(pairs);
  // Below the notice threshold the sides' average difference is the mean of a few noisy readings, not a bias.
  const sidesDiffer = contention !== undefined && contention.delta >= MACHINE_NOTICE.otherCores;
  const busy = sidesDiffer ? contention : undefined;
  const perPair = pairs.map(([a, b]) => [new Map(figureValues(a).map((f) => [f.key, f])), new Map(figureValues(b).map((f) => [f.key, f]))] as const);
  const first = pairs.length ? figureValues(pairs[0]![0]) : [];
  const out: FigureComparison[] = [];
  for (const fig of first) {
    if (!perPair.every(([a, b]) => a.has(fig.key) && b.has(fig.key))) continue;
    const a = perPair.map(([x]) => x.get(fig.key)!.value);
    const b = perPair.map(([, y]) => y.get(fig.key)!.value);
    const r = pairedTest(a, b, busy);
    // The process's own CPU moves with a busy neighbour (figures.ts): not judged when the sides' machines differed.
    if (fig.movesWithMachine && sidesDiffer) r.test = { verdict: 'machine-differs', otherCores: sideCores(pairs) };
    out.push(compareFigure(fig, r.before, r.after, r.ratio, r.test));
  }
  return out;
}

/** Other programs' cores, averaged over the before runs and over the after runs. */
function sideCores(pairs: SessionPair[]): [number, number] {
  return [mean(pairs.map(([a]) => a.session.machine?.otherCores ?? 0)), mean(pairs.map(([, b]) => b.session.machine?.otherCores ?? 0))];
}
