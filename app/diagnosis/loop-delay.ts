// Event-loop delay over the measured window. Blocked windows (the loop completed no turn, or a stall the histogram lost; app/contract/blocked-window.ts)
// already carry their stall as their delay, so a badly blocked run reads as blocked, not quiet. The time the machine
// kept the app from running is taken off first (cpu-wait.ts).
import type { ProbeSample } from '../contract/metrics.js';
import { isBlockedWindow } from '../contract/blocked-window.js';
import { appOwnDelay } from './cpu-wait.js';
import { median, quantile, round } from '../numbers.js';
import { thresholds as T } from './thresholds.js';

export interface LoopDelay {
  /** Median over windows of each window's p99, ms. */
  p99: number;
  max: number;
  /** Windows in which the loop completed no turn. */
  blockedWindows: number;
  /** Windows whose p99 reached T.stalledWindowMs, and their share of all windows. */
  stalledWindows: number;
  stalledShare: number;
  /** The median p99 of those stalled windows, ms (0 without any): how long one stall holds the loop. */
  stallP99: number;
  /** The window p99 that only the worst T.stalledWindowShare of windows exceed, ms. */
  highP99: number;
  windows: number;
}

export function loopDelay(samples: readonly ProbeSample[]): LoopDelay {
  const own = samples.map(appOwnDelay);
  const p99s = own.map((d) => d.p99);
  const stalled = p99s.filter((d) => d >= T.stalledWindowMs);
  return {
    p99: samples.length ? round(median(p99s), 2) : 0,
    max: samples.length ? Math.max(...own.map((d) => d.max)) : 0,
    // A window without a turn whose stall the machine's wait explains (the OS did not run the app) is not counted.
    blockedWindows: samples.filter((s, i) => isBlockedWindow(s) && own[i]!.p99 >= T.stalledWindowMs).length,
    stalledWindows: stalled.length,
    stalledShare: samples.length ? stalled.length / samples.length : 0,
    stallP99: stalled.length ? round(median(stalled), 2) : 0,
    highP99: samples.length ? quantile(p99s, 1 - T.stalledWindowShare) : 0,
    windows: samples.length,
  };
}
