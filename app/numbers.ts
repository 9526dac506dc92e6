// The engine's small number helpers, said once: rounding for display-sized figures and the order statistics every
// module needs. Pure; the diagnosis's robust trend statistics (diagnosis/stats.ts) and the comparison's two-sample
// tests (compare/stats.ts) build on these. The probe keeps its own (it is self-contained CommonJS in the user's app).

/** Rounds to `digits` decimals (half away from zero for positives, as Math.round). */
export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function sum(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}

/** The arithmetic mean; NaN for an empty series. */
export function mean(values: readonly number[]): number {
  return values.length ? sum(values) / values.length : NaN;
}

/** Linear-interpolated quantile, q in 0..1; NaN for an empty series. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** The median (the mean of the middle two for an even count); NaN for an empty series. */
export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}
