// Event-loop delay over the measured window. Blocked windows (the loop completed no turn, or a stall the histogram lost; app/contract/blocked-window.ts)
// already carry their stall as their delay, so a badly blocked run reads as blocked, not quiet.
import type { ProbeSample } from '../contract/metrics.js';
import { isBlockedWindow } from '../contract/blocked-window.js';
import { median, quantile, round } from '../numbers.js';
import { thresholds as T } from './thresholds.js';

export interface LoopDelay {
  /** Median over windows of each window's p99, ms. */
  p99: number;
  max: number;
  /** Windows in which the loop completed no turn. */
  blockedWindows: number;
  /** Share of windows whose p99 reached T.stalledWindowMs. */
  stalledShare: number;
  /** The window p99 that only the worst T.stalledWindowShare of windows exceed, ms. */
  highP99: number;
  windows: number;
}

export function loopDelay(samples: readonly ProbeSample[]): LoopDelay {
  const p99s = samples.map((s) => s.delay.p99);
  return {
    p99: samples.length ? round(median(p99s), 2) : 0,
    max: samples.length ? Math.max(...samples.map((s) => s.delay.max)) : 0,
    blockedWindows: samples.filter(isBlockedWindow).length,
    stalledShare: samples.length ? p99s.filter((d) => d >= T.stalledWindowMs).length / samples.length : 0,
    highP99: samples.length ? quantile(p99s, 1 - T.stalledWindowShare) : 0,
    windows: samples.length,
  };
}
