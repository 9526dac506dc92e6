// The summary of one profile that crosses the engine boundary (CLI JSON, UI, diagnosis): hot functions by self and
// total cost, cost rolled up by category, npm package and file, and the hotspot advice. Checkup's own probe runs
// inside a recorded app and shows in its profiles: its functions, package and files are left out of the lists, and a
// note says how much of the profile they took. CPU profiles count sampled
// time (the *Ms fields are milliseconds); heap profiles count allocated bytes (the same fields then hold bytes, and
// `unit` says so).
import type { Culprit, Diagnosis } from '../contract/diagnosis.js';
import type { CostShare, FrameRef, HotFunction, HotspotAdvice, ProfileFormat, ProfileSummary } from '../contract/profile.js';
import { hottestWork } from './analyse-hot-path.js';
import { pct } from './format.js';
import { cpuEvidence } from './profile-evidence.js';
import { findHotspots } from './hotspots/index.js';
import { PROBE_PACKAGE } from '../profile/model/classify.js';
import type { Profile } from '../profile/model/profile.js';
import { hotspotAdvice, loadDiagnosisAdvice, type AdviceText } from './advice-files.js';
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

const isProbe = (profile: Profile, frame: number) => profile.frames[frame]!.package === PROBE_PACKAGE;

/** Hot functions: the top `top` by self cost, plus any function in the top `top` by total cost; by self, descending. */
export function hotFunctions(profile: Profile, costs: FrameCosts, top: number): HotFunction[] {
  const total = profile.totalWeight;
  const scale = profile.unit === 'microseconds' ? 1 / 1000 : 1;
  const pct = (v: number) => (total > 0 ? round((100 * v) / total, 3) : 0);
  const indexes = profile.frames.map((_, i) => i).filter((i) => costs.total[i]! > 0 && !isProbe(profile, i));
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

function frameRefOf(c: Culprit): FrameRef {
  return { functionName: c.functionName, url: c.url, line: c.line, column: c.column, category: c.category, ...(c.package ? { package: c.package } : {}) };
}

/**
 * With no pattern recognised, the doctor's word on a CPU profile by the hot-path rule (analyse-hot-path.ts's
 * hottestWork): the function that holds most of the busy time with what it calls, doing a real part of it itself.
 * So a profile whose time is all in one function of the user's never reads "no known costly pattern".
 */
function hottestFunctionAdvice(profile: Profile): HotspotAdvice | undefined {
  if (profile.unit !== 'microseconds' || profile.totalWeight <= 0) return undefined;
  const work = hottestWork({ samples: [], warnings: [], target: {}, cpu: cpuEvidence(profile) });
  if (!work) return undefined;
  const c = work.culprit;
  return {
    id: 'hot-path',
    title: `Most of the busy time in ${c.functionName || '(anonymous)'}`,
    text: `${pct(work.share)} of the time the process was busy went to ${c.functionName || '(anonymous)'} and what it calls.\n\n${loadDiagnosisAdvice()['hot-path'] ?? ''}`.trim(),
    percent: round(c.totalPercent, 2),
    frames: [frameRefOf(c)],
  };
}

/**
 * A recorded run's profile says what its diagnosis says: the verdict's finding first, naming its CPU culprit, in place
 * of the profile's own hot-path word (the same rule, on the same profile). Nothing for a verdict that names no function
 * by CPU time (healthy, waiting on I/O, not enough data).
 */
export function withRunDiagnosis(advice: HotspotAdvice[], diagnosis: Diagnosis | undefined): HotspotAdvice[] {
  const lead = diagnosis?.findings.find((f) => f.kind === diagnosis.verdict && f.severity === 'problem');
  const culprit = lead?.culprits.find((c) => c.measure === 'cpu');
  if (!lead || !culprit) return advice;
  const verdict: HotspotAdvice = {
    id: lead.kind,
    title: lead.title,
    text: `${lead.explanation}${lead.advice ? `\n\n${lead.advice}` : ''}`,
    percent: round(culprit.totalPercent, 2),
    frames: lead.culprits.filter((c) => c.measure === 'cpu').map(frameRefOf),
  };
  return [verdict, ...advice.filter((a) => a.id !== 'hot-path')];
}

/** The note about the probe's own frames, when the profile holds any time in them. */
function probeShare(profile: Profile, costs: FrameCosts): string | undefined {
  let self = 0;
  for (let i = 0; i < profile.frames.length; i++) if (isProbe(profile, i)) self += costs.self[i]!;
  if (self <= 0 || profile.totalWeight <= 0) return undefined;
  const share = (100 * self) / profile.totalWeight;
  const what = profile.unit === 'bytes' ? 'of the memory' : profile.unit === 'microseconds' ? 'of the time' : 'of the samples';
  return `Checkup's own probe (${share < 0.1 ? 'under 0.1' : round(share, 1)} % ${what}) is left out of the hot functions, packages and files.`;
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
  if (!advice.length) {
    const hottest = hottestFunctionAdvice(profile);
    if (hottest) advice.push(hottest);
  }
  const warnings = [...(opts.warnings ?? [])];
  for (const w of profile.warnings) if (!warnings.includes(w)) warnings.push(w);
  const probe = probeShare(profile, costs);
  if (probe) warnings.push(probe);
  return {
    format,
    unit: profile.unit === 'microseconds' ? 'milliseconds' : profile.unit,
    durationMs: round(profile.durationUs / 1000, 3),
    samples: profile.sampleCount,
    profileName: profile.name,
    topFunctions: hotFunctions(profile, costs, top),
    categories: rollUp(profile, costs, (i) => frames[i]!.category, Infinity),
    packages: rollUp(profile, costs, (i) => (isProbe(profile, i) ? undefined : frames[i]!.package), top),
    files: rollUp(profile, costs, (i) => (isProbe(profile, i) ? undefined : frames[i]!.url || undefined), top),
    advice,
    warnings,
  };
}
