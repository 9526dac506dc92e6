// The summary of one profile that crosses the engine boundary (CLI JSON, UI, diagnosis): hot functions by self and
// total cost, cost rolled up by category, npm package and file, and the hotspot advice. CPU profiles count sampled
// time (the *Ms fields are milliseconds); heap profiles count allocated bytes (the same fields then hold bytes, and
// `unit` says so).
import type { CostShare, HotFunction, HotspotAdvice, ProfileFormat, ProfileSummary } from '../contract/profile.js';
import { findHotspots } from './hotspots/index.js';
import type { Profile } from '../profile/model/profile.js';
import { hotspotAdvice, type AdviceText } from './advice-files.js';
import { frameCosts, type FrameCosts } from '../profile/model/frame-costs.js';
import { round } from '../numbers.js';

export interface SummaryOptions {
  /** How many hot functions (by self, plus any others in the same top by total) and packages/files to list. */
  top?: number;
  /** Advice text by hotspot id; defaults to the bundled content files. */
  adviceText?: (id: string) => AdviceText;
  /** File-level import warnings to report with this profile's own. */
  warnings?: readonly string[];
  /** Precomputed costs, when the caller already has them. */
  costs?: FrameCosts;
}

export const DEFAULT_TOP = 25;

/** Hot functions: the top `top` by self cost, plus any function in the top `top` by total cost; by self, descending. */
export function hotFunctions(profile: Profile, costs: FrameCosts, top: number): HotFunction[] {
  const total = profile.totalWeight;
  const scale = profile.unit === 'microseconds' ? 1 / 1000 : 1;
  const pct = (v: number) => (total > 0 ? round((100 * v) / total, 3) : 0);
  const indexes = profile.frames.map((_, i) => i).filter((i) => costs.total[i]! > 0);
  const bySelf = [...indexes].sort((a, b) => costs.self[b]! - costs.self[a]! || costs.total[b]! - costs.total[a]!);
  const byTotal = [...indexes].sort((a, b) => costs.total[b]! - costs.total[a]!);
  const picked = new Set([...bySelf.slice(0, top).filter((i) => costs.self[i]! > 0), ...byTotal.slice(0, top)]);
  return [...picked]
    .sort((a, b) => costs.self[b]! - costs.self[a]! || costs.total[b]! - costs.total[a]!)
    .map((i) => {
      const f = profile.frames[i]!;
      const hot: HotFunction = {
        functionName: f.functionName,
        url: f.url,
        line: f.line,
        column: f.column,
        category: f.category,
        selfPercent: pct(costs.self[i]!),
        totalPercent: pct(costs.total[i]!),
        selfMs: round(costs.self[i]! * scale, 3),
        totalMs: round(costs.total[i]! * scale, 3),
      };
      if (f.package) hot.package = f.package;
      return hot;
    });
}

function rollUp(profile: Profile, costs: FrameCosts, keyOf: (frame: number) => string | undefined, limit: number): CostShare[] {
  const sums = new Map<string, number>();
  for (let i = 0; i < profile.frames.length; i++) {
    const self = costs.self[i]!;
    const key = keyOf(i);
    if (self > 0 && key !== undefined) sums.set(key, (sums.get(key) ?? 0) + self);
  }
  const total = profile.totalWeight;
  const scale = profile.unit === 'microseconds' ? 1 / 1000 : 1;
  return [...sums]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, self]) => ({ name, selfMs: round(self * scale, 3), percent: total > 0 ? round((100 * self) / total, 3) : 0 }));
}

export function summarizeProfile(profile: Profile, format: ProfileFormat, opts: SummaryOptions = {}): ProfileSummary {
  const top = Math.max(1, Math.floor(opts.top ?? DEFAULT_TOP));
  const costs = opts.costs ?? frameCosts(profile);
  const adviceText = opts.adviceText ?? hotspotAdvice;
  const frames = profile.frames;
  const advice: HotspotAdvice[] = findHotspots(profile, costs).map((m) => {
    const text = adviceText(m.id);
    return { id: m.id, title: text.title, text: text.text, percent: round(m.percent, 2), frames: m.frames };
  });
  const warnings = [...(opts.warnings ?? [])];
  for (const w of profile.warnings) if (!warnings.includes(w)) warnings.push(w);
  return {
    format,
    unit: profile.unit === 'microseconds' ? 'milliseconds' : profile.unit,
    durationMs: round(profile.durationUs / 1000, 3),
    samples: profile.sampleCount,
    profileName: profile.name,
    topFunctions: hotFunctions(profile, costs, top),
    categories: rollUp(profile, costs, (i) => frames[i]!.category, Infinity),
    packages: rollUp(profile, costs, (i) => frames[i]!.package, top),
    files: rollUp(profile, costs, (i) => frames[i]!.url || undefined, top),
    advice,
    warnings,
  };
}
