// Writing the model back out in standard formats, so Chrome DevTools and speedscope open what we hand them: a V8
// .cpuprofile object (CPU profiles) and speedscope's file format (any unit). Pure: returns plain JSON objects.
import type { Frame } from './types.js';
import type { Profile } from './profile.js';

export interface CpuProfileJson {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; scriptId: string; url: string; lineNumber: number; columnNumber: number };
    hitCount: number;
    children?: number[];
  }>;
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface CallTreeView {
  frames: readonly Frame[];
  /** Node 0 is the root; parents come before children. */
  nodeFrame: ArrayLike<number>;
  nodeParent: ArrayLike<number>;
  /** Sample timeline over these nodes, in time order, weights in µs. */
  samples: ArrayLike<number>;
  weights: ArrayLike<number>;
  startTime: number;
}

function callFrame(f: Frame | undefined) {
  if (!f) return { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 };
  // Script id 0 marks V8's own code; keep a real id for script code without a URL so it reads back as app code.
  const scriptId = f.url === '' && f.category === 'app' ? '1' : '0';
  return { functionName: f.functionName, scriptId, url: f.url, lineNumber: f.line - 1, columnNumber: f.column - 1 };
}

/** A .cpuprofile over any call tree with a timeline; sample i lasts weights[i] (its successor's time delta). */
export function cpuProfileJson(view: CallTreeView): CpuProfileJson {
  const n = view.nodeFrame.length;
  const hits = new Array<number>(n).fill(0);
  for (let i = 0; i < view.samples.length; i++) hits[view.samples[i]!]!++;
  const nodes: CpuProfileJson['nodes'] = [];
  for (let i = 0; i < n; i++) {
    const f = view.nodeFrame[i]!;
    nodes.push({ id: i + 1, callFrame: callFrame(f < 0 ? undefined : view.frames[f]), hitCount: hits[i]! });
  }
  for (let i = 1; i < n; i++) (nodes[view.nodeParent[i]!]!.children ??= []).push(i + 1);
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  // Integer µs, rounded on the running clock so rounding never accumulates.
  let clock = 0;
  let prevStamp = 0;
  for (let i = 0; i < view.samples.length; i++) {
    samples.push(view.samples[i]! + 1);
    const stamp = Math.round(clock);
    timeDeltas.push(stamp - prevStamp);
    prevStamp = stamp;
    clock += view.weights[i]!;
  }
  // A .cpuprofile gives each sample the time until the next one, so readers (speedscope) give the last sample none;
  // a closing sample of the root carries the last real sample's time.
  if (view.samples.length) {
    samples.push(1);
    timeDeltas.push(Math.round(clock) - prevStamp);
  }
  const start = Math.round(view.startTime);
  return { nodes, startTime: start, endTime: start + Math.round(clock), samples, timeDeltas };
}

/** The profile as a .cpuprofile. Profiles without a timeline get one sample per node carrying its self time. */
export function toCpuProfile(profile: Profile): CpuProfileJson {
  let samples: ArrayLike<number>;
  let weights: ArrayLike<number>;
  if (profile.timeline) {
    samples = profile.timeline.nodes;
    weights = profile.timeline.weights;
  } else {
    const s: number[] = [];
    const w: number[] = [];
    profile.walk((node) => {
      if (profile.nodeSelf[node]! > 0) {
        s.push(node);
        w.push(profile.nodeSelf[node]!);
      }
    });
    samples = s;
    weights = w;
  }
  return cpuProfileJson({ frames: profile.frames, nodeFrame: profile.nodeFrame, nodeParent: profile.nodeParent, samples, weights, startTime: profile.startTime });
}

export interface SpeedscopeJson {
  $schema: 'https://www.speedscope.app/file-format-schema.json';
  exporter: string;
  name: string;
  shared: { frames: Array<{ name: string; file?: string; line?: number; col?: number }> };
  profiles: Array<{ type: 'sampled'; name: string; unit: 'microseconds' | 'bytes' | 'none'; startValue: number; endValue: number; samples: number[][]; weights: number[] }>;
}

/** The profile as a speedscope `sampled` profile: one entry per timeline sample, or per node with self weight. */
export function toSpeedscope(profile: Profile, exporter = 'checkup'): SpeedscopeJson {
  const frames = profile.frames.map((f) => ({
    name: f.functionName,
    ...(f.url ? { file: f.url } : {}),
    ...(f.line ? { line: f.line } : {}),
    ...(f.column ? { col: f.column } : {}),
  }));
  const samples: number[][] = [];
  const weights: number[] = [];
  const push = (node: number, w: number) => {
    samples.push(profile.stackOf(node));
    weights.push(w);
  };
  if (profile.timeline) {
    for (let i = 0; i < profile.timeline.nodes.length; i++) push(profile.timeline.nodes[i]!, profile.timeline.weights[i]!);
  } else {
    profile.walk((node) => {
      if (node > 0 && profile.nodeSelf[node]! > 0) push(node, profile.nodeSelf[node]!);
    });
  }
  const total = weights.reduce((a, b) => a + b, 0);
  return {
    $schema: 'https://www.speedscope.app/file-format-schema.json',
    exporter,
    name: profile.name,
    shared: { frames },
    profiles: [{ type: 'sampled', name: profile.name, unit: profile.unit === 'count' ? 'none' : profile.unit, startValue: 0, endValue: total, samples, weights }],
  };
}
