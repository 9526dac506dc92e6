// A comparison in words: a figure's change and outcome, the verdict's move, functions faster and slower.
import type { FigureComparison, FunctionDelta } from '../compare.js';
import type { FindingKind } from '../diagnosis.js';
import { sig, micros } from './numbers.js';
import { verdictWords, verdictTone, type Tone } from './names.js';

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

/** A figure's outcome; "real" because the engine told it from run-to-run noise. */
export const OUTCOME_WORDS: Record<FigureComparison['outcome'], string> = {
  improved: 'real improvement',
  regressed: 'real regression',
  unchanged: 'no real change',
  untested: 'not tested',
};

/** "real improvement: p = 0.0003; after/before between 82× and 191×", "no real change: within run-to-run noise (p = 0.4)". */
export function outcomeWords(fig: Pick<FigureComparison, 'outcome' | 'judgement'>): string {
  return `${OUTCOME_WORDS[fig.outcome]}: ${fig.judgement.reason}`;
}

/** The distinct test methods in order of first use, to print once as numbered notes; each figure points to its number. */
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

/** Which way the verdict moved: "Fixed: from “The event loop is blocked” to healthy". */
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
export function functionChange(f: FunctionDelta): { value: number; perRequest: boolean; perSecond?: boolean } {
  if (f.deltaPerRequestUs !== undefined) return { value: f.deltaPerRequestUs, perRequest: true };
  if (f.deltaMsPerSecond !== undefined) return { value: f.deltaMsPerSecond, perRequest: false, perSecond: true };
  return { value: f.delta, perRequest: false };
}

/**
 * What the per-function lists of a profile comparison measure, said above them: the basis the engine chose (per
 * request, per second of profile, or each profile's share), read from the functions it compared.
 */
export function functionBasisWords(functions: FunctionDelta[]): string {
  const first = functions[0];
  if (first && functionChange(first).perRequest) return "Each function's self time per request, before and after: a faster server spends a larger share in what is left, so shares would mislead. There are no load figures in a profile, so no significance test.";
  if (first && functionChange(first).perSecond) return "Each function's self time per second of profile, before and after: a function is called slower only when its own time grew beyond its sampling noise. There are no load figures in a profile, so no significance test.";
  return "Each function's self time as a share of its own profile, before and after: profiles of different lengths compare. There are no load figures in a profile, so no significance test.";
}

/** Functions that got faster and slower (as the engine classed them), largest change first. */
export function fasterSlower(functions: FunctionDelta[], limit = 12): { faster: FunctionDelta[]; slower: FunctionDelta[] } {
  const sorted = [...functions].sort((x, y) => Math.abs(functionChange(y).value) - Math.abs(functionChange(x).value));
  return {
    faster: sorted.filter((f) => f.change === 'faster').slice(0, limit),
    slower: sorted.filter((f) => f.change === 'slower').slice(0, limit),
  };
}

/** A function's change in words: its size ("−21.6 ms per request", "+1.2 points") and what it was before and after. */
export function functionChangeWords(f: FunctionDelta): { change: string; perRequest?: string; shares: string } {
  const c = functionChange(f);
  const sign = c.value < 0 ? '−' : '+';
  return {
    change: c.perRequest ? `${sign}${micros(Math.abs(c.value))} per request` : c.perSecond ? `${sign}${sig(Math.abs(c.value), 2)} ms per second` : `${sign}${sig(Math.abs(c.value), 2)} points`,
    ...(f.perRequestUsBefore !== undefined && f.perRequestUsAfter !== undefined ? { perRequest: `${micros(f.perRequestUsBefore)} → ${micros(f.perRequestUsAfter)} per request` } : {}),
    ...(f.msPerSecondBefore !== undefined && f.msPerSecondAfter !== undefined ? { perRequest: `${sig(f.msPerSecondBefore, 3)} → ${sig(f.msPerSecondAfter, 3)} ms per second of profile` } : {}),
    shares: `self ${sig(f.selfBefore, 3)} % → ${sig(f.selfAfter, 3)} % of the profile`,
  };
}
