// Two profiles compared without the runs around them (two files, a production pprof and a recorded session): which
// functions take a larger or smaller share of each profile's own total, and the merged call tree. Pure.
import type { ComparedProfile, ProfileComparison } from '../contract/compare.js';
import type { ProfileFormat } from '../contract/profile.js';
import type { Profile } from '../profile/model/profile.js';
import { diffTree, paintAsListed } from './diff-tree.js';
import { functionDeltas } from './function-deltas.js';

export interface ProfileSide {
  profile: Profile;
  title: string;
  format: ProfileFormat;
}

/** Beyond this ratio of lengths, shares still compare but a reader should know the two cover very different spans. */
const LENGTH_RATIO_WORTH_SAYING = 3;

function describe(side: ProfileSide): ComparedProfile {
  const { profile } = side;
  const unit = profile.unit === 'microseconds' ? 'milliseconds' : profile.unit;
  return { title: side.title, format: side.format, unit, durationMs: Math.round(profile.durationUs) / 1000, samples: profile.sampleCount };
}

export function compareProfiles(before: ProfileSide, after: ProfileSide): ProfileComparison {
  const warnings: string[] = [];
  if (before.format !== after.format) warnings.push(`The profiles come from different formats (${before.format} and ${after.format}): a function one recorder names differently from the other shows as gone and new.`);
  const [a, b] = [before.profile.totalWeight, after.profile.totalWeight];
  if (a > 0 && b > 0 && Math.max(a, b) / Math.min(a, b) >= LENGTH_RATIO_WORTH_SAYING) {
    warnings.push(`One profile holds ${Math.round(Math.max(a, b) / Math.min(a, b))}× the other's ${before.profile.unit === 'bytes' ? 'bytes' : 'time'}: shares of each profile compare, totals do not.`);
  }
  const functions = functionDeltas(before.profile, after.profile);
  return {
    before: describe(before),
    after: describe(after),
    functions,
    diff: paintAsListed(diffTree(before.profile, after.profile), functions),
    warnings,
  };
}
