// A high share of garbage collection: V8's collector running for a large part of the time, a sign of allocation
// pressure (many short-lived objects, big temporary buffers, or a heap near its limit).
import { evidence, flags, percentOf, scan, type AdvisorContext } from '../context.js';
import type { HotspotMatch, HotspotRule } from '../rule.js';

/**
 * 10% of sampled time in GC: healthy Node services typically spend a few percent; from a tenth on, allocation is a
 * first-order cost and reducing it speeds everything up.
 */
export const GC_MIN_PERCENT = 10;

export const gcShare: HotspotRule = {
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
