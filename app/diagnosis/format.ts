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

export function mb(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** "computeReport (/srv/app/report.js:12)": a culprit named in an explanation, in the words every face uses. */
export function named(c: Culprit): string {
  return `${culpritName(c)} (${location(c)})`;
}
