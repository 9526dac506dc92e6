// Turning probe windows into the time span evidence refers to (ms from the start of the measured window).
import type { ProbeSample } from '../contract/metrics.js';
import { sum } from '../numbers.js';
import { thresholds as T } from './thresholds.js';

export function windowSpan(windows: ProbeSample[], measureStartAt: number | undefined): { fromMs?: number; toMs?: number } {
  if (!windows.length || measureStartAt === undefined) return {};
  const first = windows[0]!;
  const last = windows[windows.length - 1]!;
  return { fromMs: Math.max(0, Math.round(first.ts - first.windowMs - measureStartAt)), toMs: Math.round(last.ts - measureStartAt) };
}

/** Enough probe windows to judge: T.minSamples of them, or at least two that together cover T.minCoveredMs. */
export function enoughWindows(samples: readonly ProbeSample[]): boolean {
  return samples.length >= T.minSamples || (samples.length >= 2 && sum(samples.map((s) => s.windowMs)) >= T.minCoveredMs);
}
