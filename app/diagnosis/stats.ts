// Small, robust statistics for short, noisy series. Medians and Theil–Sen rather than means and least squares:
// one stalled window (a GC pause, the machine's other tenant) must not decide a verdict. Order statistics and rounding
// are the engine's own (../numbers.ts).
import { median } from '../numbers.js';

/** Theil–Sen slope: the median of pairwise slopes; tolerant of up to ~29% outliers. */
export function theilSenSlope(xs: readonly number[], ys: readonly number[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < xs.length; i++) {
    for (let j = i + 1; j < xs.length; j++) {
      const dx = xs[j]! - xs[i]!;
      if (dx !== 0) slopes.push((ys[j]! - ys[i]!) / dx);
    }
  }
  return slopes.length ? median(slopes) : NaN;
}

/** Kendall's tau-a between position and value: +1 for a strictly rising series, 0 for no trend. */
export function kendallTau(values: readonly number[]): number {
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < values.length; i++) {
    for (let j = i + 1; j < values.length; j++) {
      const d = values[j]! - values[i]!;
      if (d > 0) concordant++;
      else if (d < 0) discordant++;
    }
  }
  const pairs = (values.length * (values.length - 1)) / 2;
  return pairs ? (concordant - discordant) / pairs : 0;
}

/** Splits a series into `parts` consecutive chunks of near-equal size. */
export function chunks<T>(values: readonly T[], parts: number): T[][] {
  const out: T[][] = [];
  const n = Math.max(1, Math.min(parts, values.length));
  for (let k = 0; k < n; k++) {
    out.push(values.slice(Math.floor((k * values.length) / n), Math.floor(((k + 1) * values.length) / n)));
  }
  return out.filter((c) => c.length > 0);
}
