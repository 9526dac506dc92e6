// Builds a Profile: interns frames, finds or creates call-tree nodes, accumulates self weights and the sample
// timeline in growable typed arrays (a 200 MB .cpuprofile holds tens of millions of samples), then freezes it all.
import { normaliseFrameUrl } from './frame-url.js';
import { classifyFrame } from './classify.js';
import { Profile, ROOT } from './profile.js';
import type { Frame, FrameInput, WeightUnit } from './types.js';

// Node identity in the child index: parent * 2^26 + frame. Exact below 2^53, i.e. for up to 2^26 (67 M) frames and
// 2^27 (134 M) nodes, far beyond any profile that fits in memory.
const FRAME_SLOTS = 2 ** 26;
const MAX_NODES = 2 ** 27;

function clampPosition(n: number | undefined): number {
  return n !== undefined && Number.isSafeInteger(n) && n > 0 && n < 1e9 ? n : 0;
}

class GrowableInt32 {
  data: Int32Array;
  length = 0;
  constructor(capacity: number) {
    this.data = new Int32Array(Math.max(16, capacity));
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
}

class GrowableFloat64 {
  data: Float64Array;
  length = 0;
  constructor(capacity: number) {
    this.data = new Float64Array(Math.max(16, capacity));
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
}

export class ProfileBuilder {
  private readonly frames: Frame[] = [];
  private readonly frameIndex = new Map<string, number>();
  /** Each distinct location spelled once: a big profile names a few thousand files from a hundred thousand nodes. */
  private readonly urlSpelling = new Map<string, string>();
  private readonly nodeFrame = new GrowableInt32(1024);
  private readonly nodeParent = new GrowableInt32(1024);
  private readonly nodeSelf = new GrowableFloat64(1024);
  private readonly childIndex = new Map<number, number>();
  private timelineNodes: Int32Array | undefined;
  private timelineWeights: Float32Array | undefined;
  private timelineLength = 0;
  private samples = 0;
  private start = 0;
  private end = 0;
  private readonly warningList: string[] = [];
  private built = false;

  constructor(
    readonly name: string,
    private readonly unit: WeightUnit,
  ) {
    this.nodeFrame.push(-1);
    this.nodeParent.push(-1);
    this.nodeSelf.push(0);
  }

  get nodeCount(): number {
    return this.nodeFrame.length;
  }

  get sampleCount(): number {
    return this.samples;
  }

  get frameCount(): number {
    return this.frames.length;
  }

  /** The index of a frame, interning it on first sight. */
  frame(input: FrameInput): number {
    const functionName = input.functionName;
    const raw = input.url ?? '';
    let url = this.urlSpelling.get(raw);
    if (url === undefined) {
      url = normaliseFrameUrl(raw);
      this.urlSpelling.set(raw, url);
    }
    const line = clampPosition(input.line);
    const column = clampPosition(input.column);
    const key = `${functionName}|${url}|${line}|${column}`;
    const known = this.frameIndex.get(key);
    if (known !== undefined) return known;
    if (this.frames.length >= FRAME_SLOTS) throw new RangeError('profile: too many distinct frames');
    const cls = classifyFrame(functionName, url);
    const category = input.category ?? cls.category;
    const frame: Frame = { key, functionName, url, line, column, category };
    if (category === 'dependency' && cls.package) frame.package = cls.package;
    const index = this.frames.length;
    this.frames.push(Object.freeze(frame));
    this.frameIndex.set(key, index);
    return index;
  }

  /** The node for `frame` called from `parent`, created on first sight (same frame, same parent: same node). */
  child(parent: number, frame: number): number {
    if (parent < 0 || parent >= this.nodeFrame.length) throw new RangeError(`profile: no node ${parent}`);
    if (frame < 0 || frame >= this.frames.length) throw new RangeError(`profile: no frame ${frame}`);
    const key = parent * FRAME_SLOTS + frame;
    const known = this.childIndex.get(key);
    if (known !== undefined) return known;
    const node = this.nodeFrame.length;
    if (node >= MAX_NODES) throw new RangeError('profile: too many call-tree nodes');
    this.nodeFrame.push(frame);
    this.nodeParent.push(parent);
    this.nodeSelf.push(0);
    this.childIndex.set(key, node);
    return node;
  }

  /** The node at the end of a stack of frame indexes, outermost first. */
  nodeForStack(frames: ArrayLike<number>): number {
    let node = ROOT;
    for (let i = 0; i < frames.length; i++) node = this.child(node, frames[i]!);
    return node;
  }

  /** Weight with no place in time (a heap profile's bytes, a hitCount-only CPU profile). */
  addSelf(node: number, weight: number): void {
    this.nodeSelf.data[node]! += weight;
  }

  /**
   * The nodes' self weights, indexed by node, for a caller that adds tens of millions of weights in one loop (what
   * addSelf does, without a call per weight). Valid until the next node is created.
   */
  selfWeights(): Float64Array {
    return this.nodeSelf.data;
  }

  /** Expect about this many timeline samples (saves regrowing the arrays for big profiles). */
  reserveSamples(count: number): void {
    if (this.timelineNodes && this.timelineNodes.length >= count) return;
    this.growTimeline(Math.max(16, count));
  }

  /** One sample in time order: the node it hit and how long (µs) it stands for. */
  appendSample(node: number, weight: number): void {
    if (!this.timelineNodes || this.timelineLength === this.timelineNodes.length) {
      this.growTimeline(Math.max(1024, this.timelineLength * 2));
    }
    this.timelineNodes![this.timelineLength] = node;
    this.timelineWeights![this.timelineLength] = weight;
    this.timelineLength++;
    this.nodeSelf.data[node]! += weight;
    this.samples++;
  }

  /**
   * The whole timeline at once (the first `length` entries of the arrays, which the builder takes over): how big
   * profiles avoid a copy. Not to be mixed with appendSample.
   */
  setTimeline(nodes: Int32Array, weights: Float32Array, length: number): void {
    if (this.timelineLength > 0) throw new Error('profile: setTimeline after appendSample');
    if (length > nodes.length || length > weights.length) throw new RangeError('profile: timeline shorter than its length');
    const self = this.nodeSelf.data;
    const count = this.nodeSelf.length;
    for (let i = 0; i < length; i++) {
      const node = nodes[i]!;
      if (node < 0 || node >= count) throw new RangeError(`profile: sample ${i} names no node`);
      self[node]! += weights[i]!;
    }
    this.timelineNodes = nodes;
    this.timelineWeights = weights;
    this.timelineLength = length;
    this.samples += length;
  }

  /**
   * setTimeline for a caller that added each sample's weight (as stored, float32) to its node with addSelf while it
   * laid the timeline out: one pass over tens of millions of samples instead of two.
   */
  adoptTimeline(nodes: Int32Array, weights: Float32Array, length: number): void {
    if (this.timelineLength > 0) throw new Error('profile: adoptTimeline after appendSample');
    if (length > nodes.length || length > weights.length) throw new RangeError('profile: timeline shorter than its length');
    this.timelineNodes = nodes;
    this.timelineWeights = weights;
    this.timelineLength = length;
    this.samples += length;
  }

  /** Count samples that carry no timeline (e.g. heap allocation samples). */
  countSamples(count: number): void {
    this.samples += count;
  }

  setTimeRange(start: number, end: number): void {
    this.start = Number.isFinite(start) ? start : 0;
    this.end = Number.isFinite(end) && end >= this.start ? end : this.start;
  }

  warn(message: string): void {
    if (this.warningList.length < 50 && !this.warningList.includes(message)) this.warningList.push(message);
  }

  get warnings(): readonly string[] {
    return this.warningList;
  }

  build(): Profile {
    if (this.built) throw new Error('profile: build() called twice');
    this.built = true;
    const n = this.nodeFrame.length;
    const fit = <T extends Int32Array | Float64Array | Float32Array>(a: T, len: number): T =>
      (a.length === len ? a : a.slice(0, len)) as T;
    const profile = new Profile({
      name: this.name,
      unit: this.unit,
      frames: this.frames,
      nodeFrame: fit(this.nodeFrame.data, n),
      nodeParent: fit(this.nodeParent.data, n),
      nodeSelf: fit(this.nodeSelf.data, n),
      sampleCount: this.samples,
      ...(this.timelineNodes && this.timelineLength > 0
        ? { timeline: { nodes: fit(this.timelineNodes, this.timelineLength), weights: fit(this.timelineWeights!, this.timelineLength) } }
        : {}),
      startTime: this.start,
      endTime: this.end,
      warnings: this.warningList,
    });
    this.timelineNodes = undefined;
    this.timelineWeights = undefined;
    return profile;
  }

  private growTimeline(capacity: number): void {
    const nodes = new Int32Array(capacity);
    const weights = new Float32Array(capacity);
    if (this.timelineNodes) {
      nodes.set(this.timelineNodes.subarray(0, this.timelineLength));
      weights.set(this.timelineWeights!.subarray(0, this.timelineLength));
    }
    this.timelineNodes = nodes;
    this.timelineWeights = weights;
  }
}
