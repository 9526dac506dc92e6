// The hotspot rules over one profile, the matches ordered by the share they account for. One set of rules for a
// recorded run (the doctor names a hot path by them) and for a profile opened offline (its summary's advice).
import type { Profile } from '../../profile/model/profile.js';
import type { FrameCosts } from '../../profile/model/frame-costs.js';
import { makeContext } from './context.js';
import type { HotspotMatch, HotspotRule } from './rule.js';
import { consoleLogging } from './rules/console-logging.js';
import { gcPressure } from './rules/gc-pressure.js';
import { hashingHotPath } from './rules/hashing-hot-path.js';
import { jsonSerialization } from './rules/json-serialization.js';
import { manyListeners } from './rules/many-listeners.js';
import { odmHydration } from './rules/odm-hydration.js';
import { regexpHeavy } from './rules/regexp-heavy.js';
import { requireDuringRequest } from './rules/require-during-request.js';
import { syncBlockingCall } from './rules/sync-blocking-call.js';

export type { HotspotMatch, HotspotRule } from './rule.js';

export const HOTSPOT_RULES: readonly HotspotRule[] = [
  jsonSerialization,
  syncBlockingCall,
  hashingHotPath,
  odmHydration,
  manyListeners,
  consoleLogging,
  regexpHeavy,
  requireDuringRequest,
  gcPressure,
];

/** CPU rules read time; a heap profile's bytes are a different measure, so only CPU profiles are advised on. */
export function findHotspots(profile: Profile, costs?: FrameCosts): HotspotMatch[] {
  if (profile.unit !== 'microseconds' || profile.totalWeight <= 0) return [];
  const ctx = makeContext(profile, costs);
  const matches: HotspotMatch[] = [];
  for (const rule of HOTSPOT_RULES) {
    const m = rule.detect(ctx);
    if (m) matches.push(m);
  }
  return matches.sort((a, b) => b.percent - a.percent);
}
