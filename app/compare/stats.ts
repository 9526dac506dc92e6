// Two-sample statistics for comparing runs. Pure functions, no dependencies: Welch's t-test (unequal variances,
// small samples) with an exact Student-t tail from the regularised incomplete beta function, and a confidence
// interval for the ratio of two means by the delta method.

import { mean } from '../numbers.js';

/** Sample variance (n - 1). */
export function variance(xs: readonly number[]): number {
  if (xs.length < 2) return NaN;
  const m = mean(xs);
  let s = 0;
  for (const x of xs) s += (x - m) ** 2;
  return s / (xs.length - 1);
}

function logGamma(x: number): number {
  // Lanczos approximation (g = 7, n = 9), accurate to ~1e-15 for x > 0.
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = c[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Continued fraction for the incomplete beta (Lentz's method). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-14) break;
  }
  return h;
}

/** Regularised incomplete beta I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaContinuedFraction(a, b, x)) / a : 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** Two-sided p-value of Student's t with `df` degrees of freedom. */
export function studentTwoSidedP(t: number, df: number): number {
  if (!Number.isFinite(t)) return Number.isNaN(t) ? NaN : 0;
  return incompleteBeta(df / (df + t * t), df / 2, 0.5);
}

/** The t value with two-sided tail probability `alpha` (e.g. 0.05 → 97.5th percentile), by bisection. */
export function studentQuantile(alpha: number, df: number): number {
  let lo = 0;
  let hi = 1000;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (studentTwoSidedP(mid, df) > alpha) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

interface WelchResult {
  t: number;
  df: number;
  p: number;
  meanA: number;
  meanB: number;
  /** 95 % confidence interval of meanB / meanA (delta method), when both means are positive. */
  ratioCi?: [number, number];
}

/** Welch's unequal-variances t-test of B against A. Needs at least two values on each side. */
export function welchTest(a: readonly number[], b: readonly number[], alpha = 0.05): WelchResult | undefined {
  if (a.length < 2 || b.length < 2) return undefined;
  const ma = mean(a);
  const mb = mean(b);
  const sa = variance(a) / a.length;
  const sb = variance(b) / b.length;
  const se2 = sa + sb;
  if (se2 === 0) return { t: ma === mb ? 0 : Infinity, df: a.length + b.length - 2, p: ma === mb ? 1 : 0, meanA: ma, meanB: mb, ...(ma > 0 ? { ratioCi: [mb / ma, mb / ma] as [number, number] } : {}) };
  const t = (mb - ma) / Math.sqrt(se2);
  const df = se2 ** 2 / (sa ** 2 / (a.length - 1) + sb ** 2 / (b.length - 1));
  const result: WelchResult = { t, df, p: studentTwoSidedP(t, df), meanA: ma, meanB: mb };
  if (ma > 0 && mb > 0) {
    // Var(ln(B/A)) ≈ sb/mb² + sa/ma² (delta method); the interval is symmetric on the log scale.
    const q = studentQuantile(alpha, df);
    const half = q * Math.sqrt(sb / mb ** 2 + sa / ma ** 2);
    const r = mb / ma;
    result.ratioCi = [r * Math.exp(-half), r * Math.exp(half)];
  }
  return result;
}

/** Means of consecutive, non-overlapping blocks of `size` values (a trailing partial block is dropped). */
export function blockMeans(xs: readonly number[], size: number): number[] {
  const out: number[] = [];
  for (let i = 0; i + size <= xs.length; i += size) out.push(mean(xs.slice(i, i + size)));
  return out;
}
