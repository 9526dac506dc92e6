// How analysers phrase figures in explanations: the same rounding everywhere.
import type { Culprit } from '../contract/diagnosis.js';
import { culpritName, location, sig } from '../contract/words.js';

/**
 * Whole ms from 100, one decimal from 1, two significant figures below: a request costing the loop 0.058 ms reads
 * "0.058 ms" as in the evidence, not "0.1 ms".
 */
export function ms(value: number): string {
  if (value > 0 && value < 1) return `${sig(value, 2)} ms`;
  return value >= 100 ? `${Math.round(value)} ms` : `${Math.round(value * 10) / 10} ms`;
}

export function pct(share0to1: number): string {
  return `${Math.round(share0to1 * 1000) / 10} %`;
}

/** Megabytes to one decimal; below 0.1 MB to two significant digits, so that a slow pace never reads "0 MB". */
export function mb(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return `${value !== 0 && Math.abs(value) < 0.1 ? Number(value.toPrecision(2)) : Math.round(value * 10) / 10} MB`;
}

/** "computeReport (/srv/app/report.js:12)": a culprit named in an explanation, in the words every face uses. */
export function named(c: Culprit): string {
  return `${culpritName(c)} (${location(c)})`;
}
