// Figures as a reader takes them: about three significant figures, a value with its unit, a p-value, µs as ms.
import type { Evidence } from '../diagnosis.js';

/** About three significant figures, never in exponent form: 13,964 · 45.3 · 4.6 (`maxDecimals` below 10). */
export function num(value: number | undefined | null, maxDecimals = 1): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return '–';
  const abs = Math.abs(value);
  const decimals = abs >= 100 ? 0 : abs >= 10 ? Math.min(1, maxDecimals) : maxDecimals;
  return value.toLocaleString('en-US', { maximumFractionDigits: decimals, minimumFractionDigits: 0 });
}

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

/**
 * A value with its unit, rounded for display: milliseconds and percentages to three significant figures (a 0.3 ms
 * latency keeps its digits), everything else as `num` with up to two decimals below 10.
 */
export function quantity(value: number, unit: string): string {
  const n = unit === 'ms' || unit === '%' ? sig(value, 3) : num(value, 2);
  return unit ? `${n} ${value === 1 ? (SINGULAR[unit] ?? unit) : unit}` : n;
}

/** Counted units as a count of one reads them: "1 window", not "1 windows". */
const SINGULAR: Record<string, string> = {
  windows: 'window',
  requests: 'request',
  listeners: 'listener',
  calls: 'call',
  runs: 'run',
  modules: 'module',
  processes: 'process',
  samples: 'sample',
  threads: 'thread',
  errors: 'error',
  warnings: 'warning',
  routes: 'route',
};

/** A piece of evidence: "Event-loop delay p99: 412 ms (threshold 100 ms)". */
export function evidenceWords(e: Pick<Evidence, 'label' | 'value' | 'unit' | 'threshold'>): string {
  return `${e.label}: ${quantity(e.value, e.unit)}${e.threshold !== undefined ? ` (threshold ${quantity(e.threshold, e.unit)})` : ''}`;
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

/** µs as the eye reads it: 21,564 µs → "21.6 ms". */
export function micros(us: number | undefined): string {
  if (us === undefined || !Number.isFinite(us)) return '–';
  const abs = Math.abs(us);
  if (abs >= 1000) return `${sig(us / 1000, 3)} ms`;
  return `${sig(us, abs >= 1 ? 3 : 2)} µs`;
}
