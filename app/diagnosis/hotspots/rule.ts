// The shape of a hotspot rule: a pure function from the advisor context to a match (or nothing).
import type { FrameRef } from '../../contract/profile.js';
import type { Frame } from '../../profile/model/types.js';
import { evidence, flags, percentOf, scan, type AdvisorContext, type PathState } from './context.js';

export interface HotspotMatch {
  /** Stable id, also the advice file's name in assets/advice/hotspots. */
  id: string;
  /** Share of the profile's weight the pattern accounts for, 0..100. */
  percent: number;
  frames: FrameRef[];
}

export interface HotspotRule {
  id: string;
  /** The share (percent) from which the rule reports. */
  minPercent: number;
  detect(ctx: AdvisorContext): HotspotMatch | undefined;
}

/** A rule that is "these frames, counted inclusively, (optionally) only on such paths, above a share". */
export function subtreeRule(
  id: string,
  minPercent: number,
  isMatch: (f: Frame) => boolean,
  accept?: (ctx: AdvisorContext, path: PathState) => boolean,
): HotspotRule {
  return {
    id,
    minPercent,
    detect(ctx) {
      const s = scan(ctx, flags(ctx, isMatch), accept ? (path) => accept(ctx, path) : undefined);
      const percent = percentOf(ctx, s.weight);
      if (s.weight <= 0 || percent < minPercent) return undefined;
      return { id, percent, frames: evidence(ctx, s) };
    },
  };
}

/** Node's JavaScript for a core module, `node:fs` style (Node >= 16) or `fs.js` / `internal/fs/...` (older). */
export function inCoreModule(f: Frame, ...modules: string[]): boolean {
  if (f.category !== 'node-core') return false;
  const url = f.url.replace(/^node:/, '').replace(/\.js$/, '');
  return modules.some((m) => url === m || url.startsWith(m + '/') || url === `internal/${m}` || url.startsWith(`internal/${m}/`));
}

/** A V8 builtin or C++ function (no script URL). */
export function isNative(f: Frame): boolean {
  return f.url === '' && (f.category === 'native' || f.category === 'v8');
}
