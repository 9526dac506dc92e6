// How analysers phrase figures in explanations: the same rounding everywhere.
import type { Culprit } from '../contract/diagnosis.js';
import { culpritName, location } from '../contract/words.js';

export function ms(value: number): string {
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
