// Two profiles compared without the runs around them (two files, a production pprof and a recorded session): which
// functions take more or less time (per request when both profiles carry their request counts, else per second of
// profile; shares for byte and count profiles), and the merged call tree. Pure.
import type { ComparedProfile, ProfileComparison } from '../contract/compare.js';
import type { ProfileFormat } from '../contract/profile.js';
import type { Profile } from '../profile/model/profile.js';
import { diffTree, paintAsListed } from './diff-tree.js';
import { functionDeltas } from './function-deltas.js';

export interface ProfileSide {
  profile: Profile;
  title: string;
  format: ProfileFormat;
  /** Requests completed while the profile was recorded, when known (a session's profile). */
  requests?: number;
}

/** Beyond this ratio of lengths, shares still compare but a reader should know the two cover very different spans. */
const LENGTH_RATIO_WORTH_SAYING = 3;

function describe(side: ProfileSide): ComparedProfile {
  const { profile } = side;
  const unit = profile.unit === 'microseconds' ? 'milliseconds' : profile.unit;
  return { title: side.title, format: side.format, unit, durationMs: Math.round(profile.durationUs) / 1000, samples: profile.sampleCount, ...(side.requests ? { requests: side.requests } : {}) };
}

export function compareProfiles(before: ProfileSide, after: ProfileSide): ProfileComparison {
  const warnings: string[] = [];
  if (before.format !== after.format) warnings.push(`The profiles come from different formats (${before.format} and ${after.format}): a function one recorder names differently from the other shows as gone and new.`);
  const time = before.profile.unit === 'microseconds';
  const perRequest = time && Boolean(before.requests && after.requests);
  const [a, b] = [before.profile.totalWeight, after.profile.totalWeight];
  if (!time && a > 0 && b > 0 && Math.max(a, b) / Math.min(a, b) >= LENGTH_RATIO_WORTH_SAYING) {
    warnings.push(`One profile holds ${Math.round(Math.max(a, b) / Math.min(a, b))}× the other's ${before.profile.unit === 'bytes' ? 'bytes' : 'events'}: shares of each profile compare, totals do not.`);
  }
  // Time, not shares: when the hot function vanishes, what is left fills a larger share of a profile without taking
  // any more time. Per request where both profiles carry their request counts; else per second of profile, which
  // still grows for work done per request when the server serves more of them (said below).
  if (time && !perRequest) warnings.push('Time per second of profile is compared: these profiles do not say how many requests they served, so work done once per request (parsing, writing responses) shows more time per second when the app serves more requests. Profiles of Checkup sessions compare per request.');
  const functions = functionDeltas(before.profile, after.profile, { ...(perRequest ? { requestsBefore: before.requests, requestsAfter: after.requests } : { perSecond: time }), samplingNoise: true });
  return {
    before: describe(before),
    after: describe(after),
    functions,
    diff: paintAsListed(diffTree(before.profile, after.profile), functions),
    warnings,
  };
}
