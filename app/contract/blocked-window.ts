// Stalls the delay monitor missed. Its histogram records the gaps between its 10 ms ticks, and each window's reset
// forgets the tick before it, so a stall that spans the window boundary is lost: a window in which the loop completed
// at most one turn records no gap at all and reads 0 ms, the opposite of the truth. Two marks survive: the histogram's
// tick count (0), and how late the probe's own sampling timer fired (lateMs), itself a stall the loop did not break.
// Filled in once, where samples enter the engine, so that charts, comparisons, reports and the diagnosis all see the
// same figures; `delay.count: 0` keeps the mark of a blocked window.
import type { ProbeSample } from './metrics.js';

/** The delay monitor's resolution, as the probe sets it (ms). */
const RESOLUTION_MS = 10;
/** Below this many ticks, one stall is more than 1 % of the window's gaps: it is the window's p99. */
const TICKS_PER_PERCENTILE = 100;

export function isBlockedWindow(s: ProbeSample): boolean {
  return s.delay.count === 0 && s.windowMs >= 2 * RESOLUTION_MS;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

export function withBlockedWindow(s: ProbeSample): ProbeSample {
  if (isBlockedWindow(s)) {
    const stalled = round1(Math.max(s.windowMs - RESOLUTION_MS, s.lateMs ?? 0));
    return { ...s, delay: { min: stalled, p50: stalled, p90: stalled, p99: stalled, max: stalled, count: 0 } };
  }
  const late = s.lateMs ?? 0;
  if (late <= s.delay.max || late < RESOLUTION_MS) return s;
  // The sampling timer waited out a stall the histogram did not see: one more gap, and the window's longest.
  const p99 = (s.delay.count ?? 0) < TICKS_PER_PERCENTILE ? Math.max(s.delay.p99, round1(late)) : s.delay.p99;
  return { ...s, delay: { ...s.delay, p99, max: round1(late) } };
}
