// Many listeners on one emitter: EventEmitter#emit copies and walks the listener array on every event, and
// addListener/removeListener churn shows up in node:events itself. Time spent *in* the events module (self time),
// not in the listeners it calls, grows with the number of listeners.
import type { Frame } from '../../../profile/model/types.js';
import { evidence, flags, percentOf, type AdvisorContext } from '../context.js';
import { inCoreModule, type HotspotMatch, type HotspotRule } from '../rule.js';

/**
 * 3% of sampled time as self time inside node:events: emit's own loop costs a few instructions per listener, so a
 * visible share means long listener arrays (often a leak: one listener added per request) or constant churn.
 */
export const LISTENERS_MIN_PERCENT = 3;

const NAMES = /^(?:emit|arrayClone|_addListener|addListener|on|once|prependListener|removeListener|off|_onceWrap|onceWrapper|checkListener|listenerCount|_listenerCount)$/;

function isEventsFrame(f: Frame): boolean {
  return NAMES.test(f.functionName) && inCoreModule(f, 'events');
}

export const manyListeners: HotspotRule = {
  id: 'many-listeners',
  minPercent: LISTENERS_MIN_PERCENT,
  detect(ctx: AdvisorContext): HotspotMatch | undefined {
    const match = flags(ctx, isEventsFrame);
    let weight = 0;
    const matched = new Map<number, number>();
    match.forEach((m, f) => {
      const self = ctx.costs.self[f]!;
      if (m && self > 0) {
        weight += self;
        matched.set(f, self);
      }
    });
    const percent = percentOf(ctx, weight);
    if (weight <= 0 || percent < LISTENERS_MIN_PERCENT) return undefined;
    return { id: 'many-listeners', percent, frames: evidence(ctx, { weight, matched, callers: new Map() }) };
  },
};
