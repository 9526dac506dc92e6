// Culprits from a profile. Time (or bytes) in Node core, V8 builtins and natives is charged to the nearest frame of
// the user's own code above it on the stack: when `computeReport` calls `crypto.pbkdf2Sync`, the user can change
// computeReport, not pbkdf2. Stacks with no app frame are charged to their nearest dependency frame instead, and
// stacks with neither (Node's HTTP parser, idle, GC) to nobody.
import { thresholds as T } from './thresholds.js';
import type { Culprit } from '../contract/diagnosis.js';
import type { FrameCategory } from '../contract/profile.js';
import { PROBE_PACKAGE } from '../profile/model/classify.js';
import { frameCosts } from '../profile/model/frame-costs.js';
import { ROOT, type Profile } from '../profile/model/profile.js';
import type { CpuEvidence } from './input.js';
import { round } from '../numbers.js';

const OWNERS: ReadonlySet<FrameCategory> = new Set(['app', 'dependency']);

interface Attribution {
  charged: Float64Array;
  total: Float64Array;
  byCategory: Map<FrameCategory, number>;
  /** For anonymous owner frames: charged weight by the nearest named app frame above them. */
  callers: Map<number, Map<number, number>>;
}

const isAnonymous = (name: string) => name === '' || name === '(anonymous)';

export interface AttributionOptions {
  /** Code that is ours, not the user's (the probe): never a culprit, its time charged as if it were Node's. */
  ignoreUrls?: ReadonlySet<string>;
}

/** A frame the user can be pointed at: of the category, with a file (eval'd code has none), and not ours. */
function isOwner(frame: { category: FrameCategory; url: string; package?: string } | undefined, category: FrameCategory, ignore: ReadonlySet<string> | undefined): boolean {
  return frame?.category === category && frame.url !== '' && frame.package !== PROBE_PACKAGE && !ignore?.has(frame.url);
}

function attribute(profile: Profile, options: AttributionOptions = {}): Attribution {
  const n = profile.nodeCount;
  const frames = profile.frames;
  const charged = new Float64Array(frames.length);
  const appOwner = new Int32Array(n).fill(-1);
  const depOwner = new Int32Array(n).fill(-1);
  const byCategory = new Map<FrameCategory, number>();
  const namedAbove = new Int32Array(n).fill(-1);
  const callers = new Map<number, Map<number, number>>();
  // Parents come before children in node order, so one pass sees each node's owners already set on its parent.
  for (let node = 1; node < n; node++) {
    const parent = profile.nodeParent[node]!;
    const frame = frames[profile.nodeFrame[node]!];
    appOwner[node] = isOwner(frame, 'app', options.ignoreUrls) ? profile.nodeFrame[node]! : appOwner[parent]!;
    depOwner[node] = isOwner(frame, 'dependency', options.ignoreUrls) ? profile.nodeFrame[node]! : depOwner[parent]!;
    const named = frame && isOwner(frame, 'app', options.ignoreUrls) && !isAnonymous(frame.functionName);
    namedAbove[node] = named ? profile.nodeFrame[node]! : namedAbove[parent]!;
    const self = profile.nodeSelf[node]!;
    if (!self) continue;
    if (frame) byCategory.set(frame.category, (byCategory.get(frame.category) ?? 0) + self);
    const owner = appOwner[node]! >= 0 ? appOwner[node]! : depOwner[node]!;
    if (owner < 0) continue;
    charged[owner]! += self;
    if (isAnonymous(frames[owner]!.functionName)) {
      // The owner node is the nearest node of the owner's frame on this stack; its named caller is above it.
      let at = node;
      while (at > 0 && profile.nodeFrame[at] !== owner) at = profile.nodeParent[at]!;
      const caller = namedAbove[profile.nodeParent[at]!]!;
      if (caller >= 0) {
        const byCaller = callers.get(owner) ?? new Map<number, number>();
        byCaller.set(caller, (byCaller.get(caller) ?? 0) + self);
        callers.set(owner, byCaller);
      }
    }
  }
  const { total } = frameCosts(profile);
  return { charged, total, byCategory, callers };
}

export function profileCulprits(profile: Profile, measure: Culprit['measure'], options: AttributionOptions & { count?: number } = {}): Culprit[] {
  const { charged, total, callers } = attribute(profile, options);
  const all = profile.totalWeight || 1;
  const calledFrom = (f: number): string | undefined => {
    const byCaller = callers.get(f);
    if (!byCaller) return undefined;
    const [best] = [...byCaller.entries()].sort((a, b) => b[1] - a[1]);
    return best ? profile.frames[best[0]]!.functionName : undefined;
  };
  return [...charged.keys()]
    .filter((f) => charged[f]! > 0 && OWNERS.has(profile.frames[f]!.category))
    .sort((a, b) => charged[b]! - charged[a]!)
    .slice(0, options.count ?? 10)
    .map((f) => {
      const frame = profile.frames[f]!;
      return {
        functionName: frame.functionName || '(anonymous)',
        url: frame.url,
        line: frame.line,
        column: frame.column,
        selfPercent: round((100 * charged[f]!) / all),
        totalPercent: round((100 * total[f]!) / all),
        category: frame.category,
        ...(frame.package ? { package: frame.package } : {}),
        measure,
        ...(calledFrom(f) ? { calledFrom: calledFrom(f)! } : {}),
      };
    });
}

export function cpuEvidence(profile: Profile, options: AttributionOptions = {}): CpuEvidence {
  const { byCategory } = attribute(profile, options);
  const all = profile.totalWeight || 1;
  const share = (c: FrameCategory) => (100 * (byCategory.get(c) ?? 0)) / all;
  const stretches = syncStretches(profile);
  return {
    durationMs: profile.totalWeight / 1000,
    gcPercent: round(share('gc')),
    idlePercent: round(share('idle')),
    busyPercent: round(100 - share('gc') - share('idle') - share('program')),
    culprits: profileCulprits(profile, 'cpu', options),
    ...(stretches ? { stretches } : {}),
  };
}

const STARVED_GAP_INTERVALS = 4;

function medianOf(values: ArrayLike<number>): number {
  const sorted = Array.from(values).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : Infinity;
}

/**
 * Runs of consecutive samples spent in JavaScript (or what it called) before the loop went back to libuv, which
 * shows as an idle or "(program)" sample. GC samples neither end nor start a run: a pause inside a task is part of it.
 */
export function syncStretches(profile: Profile): CpuEvidence['stretches'] {
  const timeline = profile.timeline;
  if (!timeline || profile.unit !== 'microseconds') return undefined;
  // A sample stands for the time since the one before. Code that runs (or sleeps in a synchronous call) is sampled at
  // the profiler's interval; a gap several intervals long is the OS not running the app at all, on a machine busier
  // than its cores: that time counts as at most STARVED_GAP_INTERVALS intervals, so a descheduled app does not read
  // as a long synchronous stretch.
  const cap = STARVED_GAP_INTERVALS * Math.max(1, medianOf(timeline.weights));
  const lengths: number[] = [];
  let run = 0;
  for (let i = 0; i < timeline.nodes.length; i++) {
    const frame = profile.frames[profile.nodeFrame[timeline.nodes[i]!]!];
    const category = frame?.category;
    if (category === 'idle' || category === 'program' || !frame) {
      if (run > 0) lengths.push(run);
      run = 0;
    } else if (category !== 'gc' || run > 0) {
      run += Math.min(timeline.weights[i]!, cap);
    }
  }
  if (run > 0) lengths.push(run);
  if (!lengths.length) return { longestMs: 0, p99Ms: 0, count: 0, longCount: 0 };
  lengths.sort((a, b) => a - b);
  return {
    longestMs: round(lengths[lengths.length - 1]! / 1000, 2),
    p99Ms: round(lengths[Math.min(lengths.length - 1, Math.floor(0.99 * lengths.length))]! / 1000, 2),
    count: lengths.length,
    longCount: lengths.filter((us) => us >= T.stalledWindowMs * 1000).length,
  };
}

/**
 * The user's functions called below `culprit` in a CPU profile, busiest first. The CPU profiler keeps frames of
 * inlined functions and the heap sampler does not, so these are where an allocation charged to `culprit` may really
 * happen.
 */
export function calledAppFunctions(cpu: Profile, culprit: Pick<Culprit, 'functionName' | 'url' | 'line'>, options: AttributionOptions & { count?: number } = {}): NonNullable<Culprit['mayInclude']> {
  const weight = new Map<number, number>();
  let inside = 0;
  cpu.walk(
    (node) => {
      if (node === ROOT) return;
      const frame = cpu.frames[cpu.nodeFrame[node]!]!;
      const isCulprit = frame.functionName === culprit.functionName && frame.url === culprit.url && frame.line === culprit.line;
      if (isCulprit) inside++;
      else if (inside > 0 && frame.url && isOwner(frame, 'app', options.ignoreUrls)) weight.set(cpu.nodeFrame[node]!, (weight.get(cpu.nodeFrame[node]!) ?? 0) + cpu.nodeTotal[node]!);
    },
    (node) => {
      if (node === ROOT) return;
      const frame = cpu.frames[cpu.nodeFrame[node]!]!;
      if (frame.functionName === culprit.functionName && frame.url === culprit.url && frame.line === culprit.line) inside--;
    },
  );
  return [...weight.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, options.count ?? 4)
    .map(([f]) => ({ functionName: cpu.frames[f]!.functionName, url: cpu.frames[f]!.url, line: cpu.frames[f]!.line }));
}
