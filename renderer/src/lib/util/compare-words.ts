// A comparison in plain words: what the significance test said, how big a change is, which way the verdict moved,
// and which functions got faster or slower. Pure functions over the engine's Comparison; the screens only place them.
import type { FigureComparison, FindingKind, FunctionDelta } from '../../../../app/contract/index.js';
import { verdictTone, verdictWords, type Tone } from './format.js';

/** A number with `digits` significant figures, never in exponent form (p-values, ratios of a few hundredths). */
export function sig(value: number | undefined | null, digits = 2): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return '–';
  if (value === 0) return '0';
  const abs = Math.abs(value);
  // Whole numbers of three or more figures read better with separators than with rounding to `digits` figures.
  if (abs >= 10 ** digits) return Math.round(value).toLocaleString('en-US');
  const decimals = Math.min(12, Math.max(0, digits - 1 - Math.floor(Math.log10(abs))));
  return value.toLocaleString('en-US', { maximumFractionDigits: decimals, minimumFractionDigits: 0 });
}

/** `p = 0.0003`; below one in a million the exact figure means nothing more than "tiny". */
export function pValue(p: number): string {
  if (!Number.isFinite(p)) return 'p = ?';
  if (p < 1e-6) return 'p < 0.000001';
  return `p = ${sig(p, p < 0.01 ? 1 : 2)}`;
}

export function ratioText(ratio: number): string {
  return `${sig(ratio, ratio >= 1 ? 3 : 2)}×`;
}

/** The change of a figure as one reads it fastest: a percentage for moderate changes, a factor beyond 2×. */
export function changeText(fig: Pick<FigureComparison, 'before' | 'after' | 'ratio' | 'changePercent'>): string {
  if (fig.before === 0 && fig.after === 0) return 'no change';
  if (fig.before === 0) return 'new';
  if (!Number.isFinite(fig.ratio)) return '–';
  if (fig.ratio >= 2) return `×${sig(fig.ratio, 3)}`;
  if (fig.ratio > 0 && fig.ratio <= 0.5) return `÷${sig(1 / fig.ratio, 3)}`;
  const pct = fig.changePercent;
  if (Math.abs(pct) < 0.05) return '±0 %';
  return `${pct > 0 ? '+' : '−'}${sig(Math.abs(pct), 2)} %`;
}

/**
 * What the test said, as a lead that classifies (real / no real change / not tested) and the detail behind it. The
 * table shows the lead as its own coloured word; elsewhere the two go together (testWords).
 */
export function testParts(fig: FigureComparison): { lead: string; detail: string } {
  const t = fig.test;
  if (!t || fig.outcome === 'untested') return { lead: 'not tested', detail: 'one value per run, no spread to test against' };
  const ci = t.ci ? `; after/before between ${ratioText(t.ci[0])} and ${ratioText(t.ci[1])}` : '';
  if (fig.significant) return { lead: 'real', detail: `${pValue(t.p)}${ci}` };
  if (t.p < 0.05 && Math.abs(fig.ratio - 1) < t.minimumEffect) {
    return { lead: 'no real change', detail: `smaller than the ${sig(t.minimumEffect * 100, 2)} % this test tells from run-to-run noise (${pValue(t.p)})` };
  }
  // The engine also asks small levels and shares for a minimum absolute change (0.02 % → 1.6 % of time in GC is a
  // big ratio and no news); the contract does not carry that floor, so it is named, not quoted.
  if (t.p < 0.05) return { lead: 'no real change', detail: `too small in absolute terms to matter (${sig(Math.abs(fig.after - fig.before), 2)} ${fig.unit}; ${pValue(t.p)})` };
  return { lead: 'no real change', detail: `within run-to-run noise (${pValue(t.p)})` };
}

/** "real: p = 0.0003; after/before between 82× and 191×", "no real change: within run-to-run noise (p = 0.4)". */
export function testWords(fig: FigureComparison): string {
  const { lead, detail } = testParts(fig);
  return `${lead}: ${detail}`;
}

export type BarTone = 'improved' | 'regressed' | 'unchanged';

export interface ChangeBar {
  /** Which way from the centre line: right when the figure went up. */
  side: 'left' | 'right';
  /** 0..1 of the half width. */
  fraction: number;
  tone: BarTone;
}

/** Decades of change that fill half the bar: 1000× (or 1/1000) reaches the edge, so 10× shows as a third. */
const FULL_SCALE_DECADES = 3;

/**
 * A bar for a figure's change on a log scale (so doubling and halving are the same length): green when it improved,
 * red when it regressed, grey when the test found no real change or there was no test.
 */
export function changeBar(fig: FigureComparison): ChangeBar {
  const tone: BarTone = fig.outcome === 'improved' || fig.outcome === 'regressed' ? fig.outcome : 'unchanged';
  let ratio = fig.ratio;
  if (fig.before === 0) ratio = fig.after === 0 ? 1 : 10 ** FULL_SCALE_DECADES;
  if (!Number.isFinite(ratio) || ratio <= 0) ratio = fig.after > fig.before ? 10 ** FULL_SCALE_DECADES : 10 ** -FULL_SCALE_DECADES;
  const decades = Math.log10(ratio);
  // A sliver even for no change, so every row shows where its centre is.
  const fraction = Math.min(1, Math.max(0.015, Math.abs(decades) / FULL_SCALE_DECADES));
  return { side: decades >= 0 ? 'right' : 'left', fraction, tone };
}

/** The distinct test methods in order of first use, to print once as footnotes; each figure points to its number. */
export function methodNotes(figures: FigureComparison[]): { notes: string[]; index: (fig: FigureComparison) => number | undefined } {
  const notes: string[] = [];
  for (const f of figures) if (f.test && !notes.includes(f.test.method)) notes.push(f.test.method);
  return { notes, index: (fig) => (fig.test ? notes.indexOf(fig.test.method) + 1 : undefined) };
}

export interface VerdictChange {
  tone: Tone;
  /** One short sentence. */
  headline: string;
  before: string;
  after: string;
}

const rank = (kind: FindingKind | undefined): number => {
  const tone = verdictTone(kind);
  return tone === 'healthy' ? 0 : tone === 'warning' ? 1 : tone === 'problem' ? 2 : -1;
};

export function verdictChange(before: FindingKind | undefined, after: FindingKind | undefined): VerdictChange {
  const b = verdictWords(before);
  const a = verdictWords(after);
  const rb = rank(before);
  const ra = rank(after);
  if (before === after) {
    if (after === 'healthy') return { tone: 'healthy', headline: 'Healthy before and after', before: b, after: a };
    return { tone: verdictTone(after), headline: `Same verdict: ${a.charAt(0).toLowerCase()}${a.slice(1)}`, before: b, after: a };
  }
  if (rb < 0 || ra < 0) return { tone: 'neutral', headline: `The verdict changed from “${b}” to “${a}”`, before: b, after: a };
  if (ra < rb) return { tone: 'healthy', headline: after === 'healthy' ? `Fixed: from “${b}” to healthy` : `Better: from “${b}” to “${a}”`, before: b, after: a };
  if (ra > rb) return { tone: 'problem', headline: `Worse: from “${b}” to “${a}”`, before: b, after: a };
  return { tone: 'warning', headline: `A different problem: from “${b}” to “${a}”`, before: b, after: a };
}

/** The change used to sort and split: per request when both runs had load, else share of the profile. */
export function functionChange(f: FunctionDelta): { value: number; perRequest: boolean } {
  return f.deltaPerRequestUs !== undefined ? { value: f.deltaPerRequestUs, perRequest: true } : { value: f.delta, perRequest: false };
}

/** Functions that got faster and slower (as the engine classed them), largest change first. */
export function fasterSlower(functions: FunctionDelta[], limit = 12): { faster: FunctionDelta[]; slower: FunctionDelta[] } {
  const sorted = [...functions].sort((x, y) => Math.abs(functionChange(y).value) - Math.abs(functionChange(x).value));
  return {
    faster: sorted.filter((f) => f.change === 'faster').slice(0, limit),
    slower: sorted.filter((f) => f.change === 'slower').slice(0, limit),
  };
}

/** µs as the eye reads it: 21,564 µs → "21.6 ms". */
export function micros(us: number | undefined): string {
  if (us === undefined || !Number.isFinite(us)) return '–';
  const abs = Math.abs(us);
  if (abs >= 1000) return `${sig(us / 1000, 3)} ms`;
  return `${sig(us, abs >= 1 ? 3 : 2)} µs`;
}
