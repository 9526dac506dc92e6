// A high share of garbage collection: V8's collector running for a large part of the time, a sign of allocation
// pressure (many short-lived objects, big temporary buffers, or a heap near its limit).
import { evidence, flags, percentOf, scan, type AdvisorContext } from '../context.js';
import type { HotspotMatch, HotspotRule } from '../rule.js';
import { thresholds } from '../../thresholds.js';

/**
 * One line for garbage collection: the advice on a profile starts where the doctor starts warning about a run
 * (thresholds.ts, gcWarningShare), so an opened profile and a recorded run are never judged apart.
 */
export const GC_MIN_PERCENT = thresholds.gcWarningShare * 100;

export const gcPressure: HotspotRule = {
  id: 'gc-share',
  minPercent: GC_MIN_PERCENT,
  detect(ctx: AdvisorContext): HotspotMatch | undefined {
    if (ctx.profile.unit !== 'microseconds') return undefined;
    const s = scan(ctx, flags(ctx, (f) => f.category === 'gc'));
    const percent = percentOf(ctx, s.weight);
    if (s.weight <= 0 || percent < GC_MIN_PERCENT) return undefined;
    return { id: 'gc-share', percent, frames: evidence(ctx, s) };
  },
};
