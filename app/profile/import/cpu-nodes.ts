// The V8 CPU profile node list (a .cpuprofile, the inspector's Profiler.stop result, a Chrome trace's ProfileChunks)
// turned into our call tree and sample timeline. Sample i stands for the time until sample i + 1, as in Chrome
// DevTools; the last one for the time to the recording's end when that is plausible, else for the mean interval.
import type { FrameInput } from '../model/types.js';
import { ProfileBuilder } from '../model/builder.js';
import type { Profile } from '../model/profile.js';
import { ROOT } from '../model/profile.js';
import { MAX_STEP, isList, isRecord, malformed, noSamples, num, str, type Json } from './values.js';
import type { ProfileFormat } from '../../contract/profile.js';

export interface CpuProfileParts {
  nodes: ArrayLike<unknown>;
  samples?: ArrayLike<number> | undefined;
  /** Either deltas (first one from startTime) or absolute timestamps, µs. */
  timeDeltas?: ArrayLike<number> | undefined;
  timestamps?: ArrayLike<number> | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
}

interface Ctx {
  format: ProfileFormat;
  name: string;
}

/** V8 writes -1 for unknown, 0-based otherwise. */
function oneBased(v: unknown): number {
  const n = num(v);
  return n !== undefined && Number.isSafeInteger(n) && n >= 0 ? n + 1 : 0;
}

export function callFrameInput(cf: Json): FrameInput {
  const rawName = str(cf.functionName);
  const url = str(cf.url);
  const scriptId = cf.scriptId;
  const input: FrameInput = {
    functionName: rawName || '(anonymous)',
    url,
    line: oneBased(cf.lineNumber),
    column: oneBased(cf.columnNumber),
  };
  // Code of a script without a URL (eval, inline <script>) has a real script id; V8's own natives have script 0.
  const realScript = scriptId !== undefined && scriptId !== 0 && scriptId !== '0';
  if (!url && realScript && !/^\(.*\)$/.test(rawName)) input.category = 'app';
  return input;
}

function nodeId(v: unknown, ctx: Ctx, what: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw malformed(ctx.format, ctx.name, `${what} is not an integer node id`);
  return v;
}

/** Maps file node ids to model nodes: a dense table when ids are small, else a Map. */
class IdTable {
  /** Model node by id for ids below its length (-1: no such node); read directly by the timeline's loop. */
  readonly dense: Int32Array | undefined;
  private readonly map = new Map<number, number>();
  constructor(maxId: number, count: number) {
    if (maxId >= 0 && maxId < Math.max(1 << 20, count * 4)) this.dense = new Int32Array(maxId + 1).fill(-1);
  }
  set(id: number, node: number): void {
    if (this.dense && id >= 0 && id < this.dense.length) this.dense[id] = node;
    else this.map.set(id, node);
  }
  get(id: number): number {
    if (this.dense && id >= 0 && id < this.dense.length) return this.dense[id]!;
    return this.map.get(id) ?? -1;
  }
}

/**
 * The file's nodes as a call tree. The file's structure is held in arrays by node position (a 200 MB profile has
 * 100,000 nodes or more), with ids resolved through one IdTable that finally maps each id to its model node.
 */
function buildTree(builder: ProfileBuilder, nodes: ArrayLike<unknown>, ctx: Ctx): { table: IdTable; hits: Map<number, number> } {
  const count = nodes.length;
  let maxId = -1;
  for (let i = 0; i < count; i++) {
    const id = (nodes[i] as Json | undefined)?.id;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > maxId) maxId = id;
  }
  // While the tree is built: id -> position in the file. At the end: id -> model node.
  const table = new IdTable(maxId, count);
  const ids = new Float64Array(count);
  const records: Json[] = new Array<Json>(count);
  for (let i = 0; i < count; i++) {
    const node = nodes[i];
    if (!isRecord(node) || !isRecord(node.callFrame)) throw malformed(ctx.format, ctx.name, `node ${i} has no callFrame`);
    const id = nodeId(node.id, ctx, `node ${i}'s id`);
    if (table.get(id) !== -1) throw malformed(ctx.format, ctx.name, `two nodes have the id ${id}`);
    table.set(id, i);
    ids[i] = id;
    records[i] = node;
  }
  // Each node's parent id (NaN: none yet). A node listed as a child keeps the first parent that listed it, or the
  // parent it names itself when no node listed it before. Ids listed as children but absent from the file only
  // count towards the conflicts, as they would for a present node.
  const parentId = new Float64Array(count).fill(NaN);
  const strayParent = new Map<number, number>();
  let conflicts = 0;
  for (let i = 0; i < count; i++) {
    const node = records[i]!;
    const id = ids[i]!;
    if (node.parent !== undefined && Number.isNaN(parentId[i]!)) parentId[i] = nodeId(node.parent, ctx, `node ${id}'s parent`);
    if (parentId[i] === id) throw malformed(ctx.format, ctx.name, `node ${id} names itself as its parent`);
    const children = node.children;
    if (children === undefined) continue;
    if (!isList(children)) throw malformed(ctx.format, ctx.name, `node ${id}'s children is not a list`);
    for (let k = 0; k < children.length; k++) {
      const child = nodeId(children[k], ctx, `a child of node ${id}`);
      if (child === id) throw malformed(ctx.format, ctx.name, `node ${id} lists itself as its own child`);
      const at = table.get(child);
      const known = at >= 0 ? parentId[at]! : (strayParent.get(child) ?? NaN);
      if (Number.isNaN(known)) {
        if (at >= 0) parentId[at] = id;
        else strayParent.set(child, id);
      } else if (known !== id) conflicts++;
    }
  }
  // Children in compressed rows, in file order: the children of position p are childList[childStart[p] ..
  // childStart[p + 1]). Roots (no parent, or a parent absent from the file) in file order.
  const parentAt = new Int32Array(count);
  const childStart = new Int32Array(count + 1);
  const roots: number[] = [];
  for (let i = 0; i < count; i++) {
    const parent = parentId[i]!;
    const at = Number.isNaN(parent) ? -1 : table.get(parent);
    parentAt[i] = at;
    if (at < 0) roots.push(i);
    else childStart[at + 1]!++;
  }
  if (roots.length === 0 && count > 0) throw malformed(ctx.format, ctx.name, 'the nodes form a cycle with no root');
  if (conflicts > 0) builder.warn(`${conflicts} nodes were listed as children of two parents; the first was kept.`);
  for (let p = 0; p < count; p++) childStart[p + 1]! += childStart[p]!;
  const fill = childStart.slice(0, count);
  const childList = new Int32Array(Math.max(0, count - roots.length));
  for (let i = 0; i < count; i++) if (parentAt[i]! >= 0) childList[fill[parentAt[i]!]!++] = i;

  // Breadth-first from the roots: every node is placed once, after its parent, whatever cycles the file holds.
  const modelOf = new Int32Array(count).fill(-1);
  const hits = new Map<number, number>();
  const queue = new Int32Array(count);
  let tail = 0;
  for (const at of roots) {
    const cf = records[at]!.callFrame as Json;
    const isV8Root = str(cf.functionName) === '(root)' && roots.length === 1;
    modelOf[at] = isV8Root ? ROOT : builder.child(ROOT, builder.frame(callFrameInput(cf)));
    queue[tail++] = at;
  }
  for (let q = 0; q < tail; q++) {
    const at = queue[q]!;
    const modelNode = modelOf[at]!;
    const h = num(records[at]!.hitCount);
    if (h !== undefined && h > 0 && Number.isSafeInteger(h)) hits.set(modelNode, (hits.get(modelNode) ?? 0) + h);
    for (let c = childStart[at]!; c < childStart[at + 1]!; c++) {
      const child = childList[c]!;
      if (modelOf[child] !== -1) continue;
      modelOf[child] = builder.child(modelNode, builder.frame(callFrameInput(records[child]!.callFrame as Json)));
      queue[tail++] = child;
    }
  }
  // Every node off a root has a parent chain; one that never reaches a root goes round in a circle. A call tree
  // with a cycle has no meaning (no total time, no stack), so the file is refused rather than partly shown.
  if (tail < count) {
    const unplaced: number[] = [];
    for (let i = 0; i < count; i++) if (modelOf[i] === -1) unplaced.push(ids[i]!);
    throw malformed(ctx.format, ctx.name, `its call tree has a cycle (nodes ${unplaced.slice(0, 5).join(', ')}${unplaced.length > 5 ? ', …' : ''} are each other's ancestors)`);
  }
  for (let i = 0; i < count; i++) table.set(ids[i]!, modelOf[i]!);
  return { table, hits };
}

function outOfRange(ctx: Ctx, what: string): Error {
  return malformed(ctx.format, ctx.name, `${what} is out of range`);
}

/**
 * Sample timeline from samples + (timeDeltas | timestamps). Returns false when there is no usable timeline. With
 * `reuse`, Int32Array inputs (the streaming parser's) are overwritten in place by the timeline: a 200 MB profile's
 * two big arrays then serve as its timeline instead of being copied.
 */
function addTimeline(builder: ProfileBuilder, parts: CpuProfileParts, table: IdTable, ctx: Ctx, reuse: boolean): boolean {
  const samples = parts.samples;
  if (!samples || samples.length === 0) return false;
  const deltas = parts.timeDeltas;
  const stamps = deltas ? undefined : parts.timestamps;
  const times = deltas ?? stamps;
  let n = samples.length;
  if (times && times.length !== n) {
    if (times.length < n) builder.warn(`${n} samples but ${times.length} time values: the samples without a time were left out.`);
    n = Math.min(n, times.length);
  }
  const start = num(parts.startTime);
  const end = num(parts.endTime);
  if (deltas) {
    const counts = deltaTimeline(builder, samples, deltas, n, start, end, table, ctx, reuse);
    timelineWarnings(builder, ctx, counts, n, true);
    return true;
  }
  // Timestamps (the old layout) or none: one pass to validate every time value, and find the mean interval and the
  // last sample's time.
  let span = 0;
  let clock = start ?? 0;
  if (stamps) {
    for (let i = 0; i < Math.min(stamps.length, n + 1); i++) {
      const t = stamps[i]!;
      if (!Number.isFinite(t) || (i > 0 && !(Math.abs(t - stamps[i - 1]!) <= MAX_STEP))) throw outOfRange(ctx, `timestamp ${i}`);
      if (i > 0 && i < n && t > stamps[i - 1]!) span += t - stamps[i - 1]!;
    }
    clock = stamps[n - 1]!;
  }
  const mean = n > 1 && span > 0 ? span / (n - 1) : start !== undefined && end !== undefined && end > start ? (end - start) / n : 1000;
  const tailGap = stamps && start !== undefined && end !== undefined ? end - clock : NaN;
  // The recorder's end can lag the last sample by an interval or two; beyond that it says nothing about that sample.
  let lastWeight = tailGap >= 0 && tailGap <= 2 * mean ? tailGap : mean;
  if (stamps && stamps.length > n) lastWeight = stamps[n]! - stamps[n - 1]!;

  const slots = new TimelineSlots(reuse && samples instanceof Int32Array ? samples : new Int32Array(n), new Float32Array(n), samples instanceof Int32Array, table);
  for (let i = 0; i < n; i++) {
    const w = !stamps ? mean : i + 1 < n ? stamps[i + 1]! - stamps[i]! : lastWeight;
    // A final sample exactly at endTime stands for no time: it only closes the timeline (our exporter writes one so
    // that viewers give the previous sample its time). It is not a sample of anything.
    if (i === n - 1 && i > 0 && w === 0 && tailGap === 0) continue;
    slots.place(samples[i]!, w);
  }
  timelineWarnings(builder, ctx, slots, n, stamps !== undefined);
  builder.setTimeline(slots.nodes, slots.weights, slots.k);
  return true;
}

/**
 * The timeline's slots, filled as samples are placed: a negative step counts as zero time and a sample naming no node
 * of the profile is left out, both counted for the warnings. Slot k <= i, so the samples' own array can be the slots.
 */
class TimelineSlots {
  k = 0;
  negatives = 0;
  unknown = 0;
  constructor(
    readonly nodes: Int32Array,
    readonly weights: Float32Array,
    private readonly intIds: boolean,
    private readonly table: IdTable,
  ) {}

  /** The slot written, or -1 when the sample was left out. */
  place(id: number, weight: number): number {
    let w = weight;
    if (w < 0) {
      this.negatives++;
      w = 0;
    }
    const node = this.intIds || Number.isSafeInteger(id) ? this.table.get(id) : -1;
    if (node < 0) {
      this.unknown++;
      return -1;
    }
    this.nodes[this.k] = node;
    this.weights[this.k] = w;
    return this.k++;
  }
}

function timelineWarnings(builder: ProfileBuilder, ctx: Ctx, counts: { negatives: number; unknown: number }, n: number, timed: boolean): void {
  if (!timed) builder.warn('The profile has samples but no timestamps; each sample counts as the mean interval.');
  if (counts.negatives > 0) builder.warn(`${counts.negatives} samples had a negative time step (out of order) and count as zero time.`);
  if (counts.unknown > 0) {
    if (counts.unknown === n) throw malformed(ctx.format, ctx.name, 'no sample refers to a node of the profile');
    builder.warn(`${counts.unknown} samples refer to nodes that are not in the profile and were left out.`);
  }
}

/**
 * The timeline of a profile with time deltas (what V8 writes), in one pass: each delta is checked as it is read,
 * sample i gets delta i + 1, and the last sample's weight (which needs the mean interval and the sum of all deltas)
 * is settled after the loop, with the same rules and in the same order of additions as the general path.
 */
function deltaTimeline(
  builder: ProfileBuilder,
  samples: ArrayLike<number>,
  deltas: ArrayLike<number>,
  n: number,
  start: number | undefined,
  end: number | undefined,
  table: IdTable,
  ctx: Ctx,
  reuse: boolean,
): { negatives: number; unknown: number } {
  // In place, the weights overwrite the deltas: slot k <= i, and sample i reads delta i + 1, already read.
  const slots = new TimelineSlots(
    reuse && samples instanceof Int32Array ? samples : new Int32Array(n),
    reuse && deltas instanceof Int32Array ? new Float32Array(deltas.buffer, deltas.byteOffset, n) : new Float32Array(n),
    samples instanceof Int32Array,
    table,
  );
  if (n === 0) {
    builder.adoptTimeline(slots.nodes, slots.weights, 0);
    return slots;
  }
  const first = deltas[0]!;
  if (!(Math.abs(first) <= MAX_STEP)) throw outOfRange(ctx, 'time delta 0');
  // The clock and the sum of positive steps live in a Float64Array: as plain locals starting at small integers, the
  // optimising compiler speculates them to stay small integers and falls back to the interpreter when they outgrow
  // 2^31 µs, in the middle of the loop.
  const sums = new Float64Array(2);
  const CLOCK = 0;
  const SPAN = 1;
  sums[CLOCK] = (start ?? 0) + first;
  // TimelineSlots.place and builder.addSelf written out: this loop runs once per sample (17 M in a 200 MB file).
  const outNodes = slots.nodes;
  const outWeights = slots.weights;
  const self = builder.selfWeights();
  const dense = table.dense;
  const denseLength = dense ? dense.length : 0;
  const intIds = samples instanceof Int32Array;
  let k = 0;
  let negatives = 0;
  let unknown = 0;
  for (let i = 0; i + 1 < n; i++) {
    const d = deltas[i + 1]!;
    if (!(Math.abs(d) <= MAX_STEP)) throw outOfRange(ctx, `time delta ${i + 1}`);
    sums[CLOCK]! += d;
    let w = d;
    if (d > 0) sums[SPAN]! += d;
    else if (d < 0) {
      negatives++;
      w = 0;
    }
    const id = samples[i]!;
    const node = intIds ? (id >= 0 && id < denseLength ? dense![id]! : table.get(id)) : Number.isSafeInteger(id) ? table.get(id) : -1;
    if (node < 0) {
      unknown++;
      continue;
    }
    outNodes[k] = node;
    outWeights[k] = w;
    // The weight as stored (float32), as setTimeline would add it.
    self[node]! += Math.fround(w);
    k++;
  }
  slots.k = k;
  slots.negatives = negatives;
  slots.unknown = unknown;
  const clock = sums[CLOCK]!;
  const span = sums[SPAN]!;
  const place = (id: number, weight: number) => {
    const at = slots.place(id, weight);
    if (at >= 0) builder.addSelf(slots.nodes[at]!, slots.weights[at]!);
  };
  const mean = n > 1 && span > 0 ? span / (n - 1) : start !== undefined && end !== undefined && end > start ? (end - start) / n : 1000;
  const tailGap = start !== undefined && end !== undefined ? end - clock : NaN;
  const lastWeight = tailGap >= 0 && tailGap <= 2 * mean ? tailGap : mean;
  // A final sample exactly at endTime stands for no time: it only closes the timeline (see the general path).
  if (!(n > 1 && lastWeight === 0 && tailGap === 0)) place(samples[n - 1]!, lastWeight);
  builder.adoptTimeline(slots.nodes, slots.weights, slots.k);
  return slots;
}

/** `reuse`: the parts' Int32Array samples/timeDeltas may be overwritten (they come from our own parser). */
export function cpuPartsToModel(parts: CpuProfileParts, ctx: Ctx, reuse = false): Profile {
  const builder = new ProfileBuilder(ctx.name, 'microseconds');
  const { table, hits } = buildTree(builder, parts.nodes, ctx);
  const start = num(parts.startTime) ?? 0;
  const end = num(parts.endTime) ?? start;
  builder.setTimeRange(start, end);
  if (!addTimeline(builder, parts, table, ctx, reuse)) {
    // No samples array (old Node, some exporters): fall back to hit counts spread over the recording.
    let totalHits = 0;
    for (const h of hits.values()) totalHits += h;
    if (totalHits === 0) throw noSamples(ctx.name);
    const interval = end > start ? (end - start) / totalHits : 1000;
    for (const [node, h] of hits) builder.addSelf(node, h * interval);
    builder.countSamples(totalHits);
    builder.warn('The profile has no sample timeline; times come from hit counts.');
  }
  return builder.build();
}
