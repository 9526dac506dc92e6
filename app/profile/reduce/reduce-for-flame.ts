// A reduced copy of a profile for the flame view: speedscope parses on the browser's main thread and gives up on
// big files (21 s for 8.6 MB here, a crashed tab at 45 MB), so whatever the input we hand it a few MB at most:
// - rare call-tree nodes are folded into their callers (their time becomes the caller's self time),
// - very deep stacks are cut at a maximum depth,
// - identical consecutive samples are merged into one longer sample,
// - if still too many samples, one sample is kept every so much profile time (systematic sampling by time).
// The notes say what was done; the summary's figures always come from the full profile.
import { cpuProfileJson, type CpuProfileJson } from '../model/export.js';
import type { Profile } from '../model/profile.js';

export interface ReduceOptions {
  /** Budget for the JSON text, bytes. */
  maxBytes?: number;
  maxNodes?: number;
  maxSamples?: number;
  maxDepth?: number;
}

export interface HeapProfileJson {
  head: HeapNodeJson;
  samples: [];
}
interface HeapNodeJson {
  callFrame: CpuProfileJson['nodes'][number]['callFrame'];
  selfSize: number;
  id: number;
  children: HeapNodeJson[];
}

export interface ReducedFlame {
  format: 'cpuprofile' | 'heapprofile';
  json: CpuProfileJson | HeapProfileJson;
  /** Length of JSON.stringify(json). */
  bytes: number;
  /** What was reduced, in plain words, for the screen. */
  notes: string[];
}

/**
 * The budget. speedscope imports on the page's main thread (its iframe shares it with ours), at roughly 10 µs per
 * sample plus the cost of its nodes: the reduced document of a 200 MB profile at 200k samples and 8,000 nodes
 * (2.7 MB) blocked the page for 1.7 s; at 30k samples and 5,000 nodes (1.15 MB) for 0.33–0.4 s. Beyond the budget,
 * time is sampled (sampledByTime); the summary's figures are always the full profile's.
 */
export const FLAME_DEFAULTS = { maxBytes: 2 * 1024 * 1024, maxNodes: 5000, maxSamples: 30_000, maxDepth: 256 };

const fmt = (n: number) => n.toLocaleString('en-US');

interface Folded {
  /** Any node -> the compact id of the kept node its time goes to (a folded node's time goes to its nearest kept caller). */
  shownAs: Int32Array;
  nodeFrame: number[];
  nodeParent: number[];
  threshold: number;
  cutDeep: number;
}

function fold(profile: Profile, maxNodes: number, maxDepth: number): Folded {
  const n = profile.nodeCount;
  let threshold = 0;
  if (n > maxNodes) {
    // Keep nodes whose total beats the (maxNodes+1)-th largest: a caller's total is never below its callee's, so the
    // kept set is closed under "parent of", i.e. still a tree.
    const totals = Float64Array.from(profile.nodeTotal).sort().reverse();
    threshold = totals[maxNodes]!;
  }
  // Kept node -> its compact id, -1 when folded.
  const compact = new Int32Array(n).fill(-1);
  const shownAs = new Int32Array(n);
  const nodeFrame: number[] = [-1];
  const nodeParent: number[] = [-1];
  compact[0] = 0;
  let cutDeep = 0;
  for (let i = 1; i < n; i++) {
    const parent = profile.nodeParent[i]!;
    const total = profile.nodeTotal[i]!;
    const keep = compact[parent]! >= 0 && total > 0 && (threshold === 0 || total > threshold) && profile.nodeDepth[i]! <= maxDepth;
    if (keep) {
      compact[i] = nodeFrame.length;
      nodeFrame.push(profile.nodeFrame[i]!);
      nodeParent.push(compact[parent]!);
      shownAs[i] = compact[i]!;
    } else {
      if (profile.nodeDepth[i] === maxDepth + 1 && compact[parent]! >= 0 && total > threshold) cutDeep++;
      shownAs[i] = shownAs[parent]!;
    }
  }
  return { shownAs, nodeFrame, nodeParent, threshold, cutDeep };
}

interface Timeline {
  nodes: Int32Array;
  weights: Float64Array;
  length: number;
}

/**
 * The samples mapped onto kept nodes, as (node, weight) pairs in time order: the profile's timeline, or one pair per
 * kept node with self time when there is none. The loops below run over tens of millions of samples, so they read
 * these arrays directly rather than through a callback per sample.
 */
function mappedSamples(profile: Profile, f: Folded): { nodes: Int32Array; weights: ArrayLike<number>; mapped: boolean } {
  if (profile.timeline) return { nodes: profile.timeline.nodes, weights: profile.timeline.weights, mapped: false };
  const self = new Float64Array(f.nodeFrame.length);
  for (let i = 0; i < profile.nodeCount; i++) self[f.shownAs[i]!]! += profile.nodeSelf[i]!;
  let count = 0;
  for (let i = 0; i < self.length; i++) if (self[i]! > 0) count++;
  const nodes = new Int32Array(count);
  const weights = new Float64Array(count);
  for (let i = 0, k = 0; i < self.length; i++) {
    if (self[i]! > 0) {
      nodes[k] = i;
      weights[k++] = self[i]!;
    }
  }
  return { nodes, weights, mapped: true };
}

/** Identical consecutive samples merged; null when that leaves more than `limit` samples. */
function merged(profile: Profile, f: Folded, limit: number): Timeline | null {
  const { nodes, weights, mapped } = mappedSamples(profile, f);
  const shownAs = mapped ? null : f.shownAs;
  const count = nodes.length;
  let runs = 0;
  let last = -1;
  for (let i = 0; i < count && runs <= limit; i++) {
    const node = shownAs ? shownAs[nodes[i]!]! : nodes[i]!;
    if (node !== last) runs++;
    last = node;
  }
  if (runs > limit) return null;
  const out: Timeline = { nodes: new Int32Array(runs), weights: new Float64Array(runs), length: 0 };
  last = -1;
  for (let i = 0; i < count; i++) {
    const node = shownAs ? shownAs[nodes[i]!]! : nodes[i]!;
    const w = weights[i]!;
    if (node === last) out.weights[out.length - 1]! += w;
    else {
      out.nodes[out.length] = node;
      out.weights[out.length++] = w;
      last = node;
    }
  }
  return out;
}

/**
 * Systematic sampling by time: one sample every `slice` µs of profile time (starting half a slice in), each carrying
 * `slice` µs. A sample is picked with a chance proportional to its time, so every stack's share stays unbiased (the
 * error of a share p is about sqrt(p(1-p)/slices): 0.2 points at 50k slices), which showing each slice's most frequent
 * stack would not be: that over-represents the dominant stacks. Time order is kept; detail finer than a slice is lost.
 * Streamed: no copy of the timeline.
 */
function sampledByTime(profile: Profile, f: Folded, slices: number): { timeline: Timeline; slice: number } {
  const slice = profile.totalWeight / slices;
  const out: Timeline = { nodes: new Int32Array(slices + 1), weights: new Float64Array(slices + 1), length: 0 };
  const { nodes, weights, mapped } = mappedSamples(profile, f);
  const shownAs = mapped ? null : f.shownAs;
  const capacity = out.nodes.length;
  let next = slice / 2;
  let clock = 0;
  for (let i = 0; i < nodes.length; i++) {
    clock += weights[i]!;
    if (clock < next) continue;
    const node = shownAs ? shownAs[nodes[i]!]! : nodes[i]!;
    while (clock >= next && out.length < capacity) {
      if (out.length > 0 && out.nodes[out.length - 1] === node) out.weights[out.length - 1]! += slice;
      else {
        out.nodes[out.length] = node;
        out.weights[out.length++] = slice;
      }
      next += slice;
    }
  }
  return { timeline: out, slice };
}

function heapJson(profile: Profile, f: Folded): HeapProfileJson {
  const self = new Float64Array(f.nodeFrame.length);
  for (let i = 0; i < profile.nodeCount; i++) self[f.shownAs[i]!]! += profile.nodeSelf[i]!;
  const view = cpuProfileJson({ frames: profile.frames, nodeFrame: f.nodeFrame, nodeParent: f.nodeParent, samples: [], weights: [], startTime: 0 });
  const objects: HeapNodeJson[] = view.nodes.map((node, i) => ({ callFrame: node.callFrame, selfSize: Math.round(self[i]!), id: node.id, children: [] }));
  for (let i = 1; i < objects.length; i++) objects[f.nodeParent[i]!]!.children.push(objects[i]!);
  return { head: objects[0]!, samples: [] };
}

function reduceOnce(profile: Profile, o: Required<ReduceOptions>): ReducedFlame {
  const notes: string[] = [];
  const folded = fold(profile, o.maxNodes, o.maxDepth);
  const kept = folded.nodeFrame.length;
  if (kept < profile.nodeCount) {
    const pct = profile.totalWeight > 0 ? (100 * folded.threshold) / profile.totalWeight : 0;
    const why = folded.threshold > 0 ? `nodes with at most ${pct.toPrecision(2)}% of the total were folded into their callers` : 'empty nodes were left out';
    notes.push(`Showing ${fmt(kept)} of ${fmt(profile.nodeCount)} call-tree nodes: ${why}.`);
  }
  if (folded.cutDeep > 0) notes.push(`Stacks deeper than ${o.maxDepth} frames were cut at that depth.`);
  if (profile.unit !== 'microseconds') {
    // speedscope reads a heap profile's weights as bytes: a count (pprof's objects, samples) has no format of its own.
    if (profile.unit === 'count') notes.push('These are counts, not bytes: the flame view labels them as bytes.');
    const json = heapJson(profile, folded);
    return { format: 'heapprofile', json, bytes: JSON.stringify(json).length, notes };
  }
  let timeline = merged(profile, folded, o.maxSamples);
  const before = profile.timeline?.nodes.length ?? 0;
  if (timeline && before > timeline.length) notes.push(`${fmt(before)} samples were merged into ${fmt(timeline.length)} (identical consecutive stacks).`);
  if (!timeline) {
    const c = sampledByTime(profile, folded, o.maxSamples);
    timeline = c.timeline;
    notes.push(`${fmt(before)} samples are shown as ${fmt(timeline.length)}: one sample every ${(c.slice / 1000).toPrecision(3)} ms of profile time, each standing for that time (shares stay right; detail finer than that is lost).`);
  }
  if (!profile.timeline) notes.push('The profile has no sample timeline: the flame chart shows each stack once, not in time order.');
  const json = cpuProfileJson({ frames: profile.frames, nodeFrame: folded.nodeFrame, nodeParent: folded.nodeParent, samples: timeline.nodes.subarray(0, timeline.length), weights: timeline.weights.subarray(0, timeline.length), startTime: profile.startTime });
  return { format: 'cpuprofile', json, bytes: JSON.stringify(json).length, notes };
}

export function reduceForFlame(profile: Profile, opts: ReduceOptions = {}): ReducedFlame {
  const o = { ...FLAME_DEFAULTS, ...opts };
  for (let attempt = 0; ; attempt++) {
    const reduced = reduceOnce(profile, o);
    if (reduced.bytes <= o.maxBytes || attempt >= 6) {
      if (reduced.notes.length > 0) reduced.notes.push('Figures in the flame view are approximate; the summary has the full-precision figures.');
      return reduced;
    }
    // Long URLs make nodes dearer than the budget assumed: halve both and try again.
    o.maxNodes = Math.max(100, Math.floor(o.maxNodes / 2));
    o.maxSamples = Math.max(1000, Math.floor(o.maxSamples / 2));
  }
}
