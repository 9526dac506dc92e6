// How the Comparison screen draws what the engine judged: the change bar of each figure. The words (changes,
// outcomes, reasons, verdicts) are the contract's (app/contract/words.ts and FigureComparison.judgement); nothing
// here re-derives a judgement.
import type { FigureComparison } from '../../../../app/contract/index.js';

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
