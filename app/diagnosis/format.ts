// How analysers phrase figures in explanations: the same rounding everywhere.
import type { Culprit } from '../contract/diagnosis.js';

export function ms(value: number): string {
  return value >= 100 ? `${Math.round(value)} ms` : `${Math.round(value * 10) / 10} ms`;
}

export function pct(share0to1: number): string {
  return `${Math.round(share0to1 * 1000) / 10} %`;
}

export function mb(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

export function where(c: Pick<Culprit, 'url' | 'line'>): string {
  const file = c.url.startsWith('file://') ? decodeURI(c.url.slice('file://'.length)) : c.url;
  return c.line ? `${file}:${c.line}` : file || '(native)';
}

/** A culprit's name as people say it: "(anonymous) in orderStats" for callbacks. */
export function displayName(c: Pick<Culprit, 'functionName' | 'calledFrom'>): string {
  const name = c.functionName || '(anonymous)';
  return c.calledFrom ? `${name} in ${c.calledFrom}` : name;
}

export function named(c: Culprit): string {
  return `${displayName(c)} (${where(c)})`;
}
