// Turning probe windows into the time span evidence refers to (ms from the start of the measured window).
import type { ProbeSample } from '../contract/metrics.js';

export function windowSpan(windows: ProbeSample[], measureStartAt: number | undefined): { fromMs?: number; toMs?: number } {
  if (!windows.length || measureStartAt === undefined) return {};
  const first = windows[0]!;
  const last = windows[windows.length - 1]!;
  return { fromMs: Math.max(0, Math.round(first.ts - first.windowMs - measureStartAt)), toMs: Math.round(last.ts - measureStartAt) };
}
