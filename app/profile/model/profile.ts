// An immutable call tree. Built once by ProfileBuilder (or from ProfileData posted by a worker); totals, depths and
// child lists are derived here. Nothing mutates it afterwards: the typed arrays are exposed for fast reads only.
import type { Frame, ProfileData, WeightUnit } from './types.js';

export const ROOT = 0;

export class Profile {
  readonly name: string;
  readonly unit: WeightUnit;
  readonly frames: readonly Frame[];
  readonly nodeCount: number;
  readonly nodeFrame: Int32Array;
  readonly nodeParent: Int32Array;
  readonly nodeSelf: Float64Array;
  /** Self weight of the node and everything below it. */
  readonly nodeTotal: Float64Array;
  readonly nodeDepth: Int32Array;
  readonly sampleCount: number;
  readonly timeline: { readonly nodes: Int32Array; readonly weights: Float32Array } | undefined;
  readonly startTime: number;
  readonly endTime: number;
  readonly warnings: readonly string[];
  /** Sum of all self weights (µs or bytes). */
  readonly totalWeight: number;
  // Children in compressed rows: the children of node n are childList[childStart[n] .. childStart[n + 1]).
  private readonly childStart: Int32Array;
  private readonly childList: Int32Array;

  constructor(data: ProfileData) {
    const n = data.nodeFrame.length;
    if (data.nodeParent.length !== n || data.nodeSelf.length !== n || n < 1) throw new Error('profile: inconsistent node arrays');
    this.name = data.name;
    this.unit = data.unit;
    this.frames = Object.freeze(data.frames.slice());
    this.nodeCount = n;
    this.nodeFrame = data.nodeFrame;
    this.nodeParent = data.nodeParent;
    this.nodeSelf = data.nodeSelf;
    this.sampleCount = data.sampleCount;
    this.timeline = data.timeline;
    this.startTime = data.startTime;
    this.endTime = data.endTime;
    this.warnings = Object.freeze(data.warnings.slice());

    const total = Float64Array.from(data.nodeSelf);
    const depth = new Int32Array(n);
    const childCount = new Int32Array(n + 1);
    for (let i = 1; i < n; i++) {
      const p = data.nodeParent[i]!;
      if (p < 0 || p >= i) throw new Error(`profile: node ${i} has parent ${p}; parents must come first`);
      depth[i] = depth[p]! + 1;
      childCount[p + 1]!++;
    }
    for (let i = n - 1; i >= 1; i--) total[data.nodeParent[i]!]! += total[i]!;
    for (let i = 1; i <= n; i++) childCount[i]! += childCount[i - 1]!;
    const fill = childCount.slice(0, n);
    const list = new Int32Array(Math.max(0, n - 1));
    for (let i = 1; i < n; i++) list[fill[data.nodeParent[i]!]!++] = i;
    this.childStart = childCount;
    this.childList = list;
    this.nodeTotal = total;
    this.nodeDepth = depth;
    this.totalWeight = total[ROOT]!;
  }

  static fromData(data: ProfileData): Profile {
    return new Profile(data);
  }

  /** The plain form (shares the typed arrays; copy before transferring them if this profile stays in use). */
  toData(): ProfileData {
    const data: ProfileData = {
      name: this.name,
      unit: this.unit,
      frames: this.frames.slice(),
      nodeFrame: this.nodeFrame,
      nodeParent: this.nodeParent,
      nodeSelf: this.nodeSelf,
      sampleCount: this.sampleCount,
      startTime: this.startTime,
      endTime: this.endTime,
      warnings: this.warnings.slice(),
    };
    if (this.timeline) data.timeline = { nodes: this.timeline.nodes, weights: this.timeline.weights };
    return data;
  }

  childrenOf(node: number): Int32Array {
    return this.childList.subarray(this.childStart[node]!, this.childStart[node + 1]!);
  }

  frameOf(node: number): Frame | undefined {
    const f = this.nodeFrame[node]!;
    return f < 0 ? undefined : this.frames[f];
  }

  /** Frame indexes from the outermost caller to the node itself (the root is not included). */
  stackOf(node: number): number[] {
    const stack: number[] = [];
    for (let n = node; n > ROOT; n = this.nodeParent[n]!) stack.push(this.nodeFrame[n]!);
    return stack.reverse();
  }

  /** Recording length in µs: the recorder's own start/end when known, else the sum of sample weights. */
  get durationUs(): number {
    if (this.unit !== 'microseconds') return 0;
    const span = this.endTime - this.startTime;
    // Beyond 11 days (1e12 µs) a recorder's clock values are corrupt, not a long recording.
    return span > 0 && span <= 1e12 ? span : this.totalWeight;
  }

  /**
   * Depth-first walk without recursion (call trees can be thousands of frames deep). `enter` returning false skips
   * the node's subtree; `leave` runs after its subtree.
   */
  walk(enter: (node: number) => boolean | void, leave?: (node: number) => void): void {
    const stack: number[] = [ROOT];
    const cursor: number[] = [this.childStart[ROOT]!];
    if (enter(ROOT) === false) return;
    while (stack.length > 0) {
      const top = stack.length - 1;
      const node = stack[top]!;
      const at = cursor[top]!;
      if (at < this.childStart[node + 1]!) {
        cursor[top] = at + 1;
        const child = this.childList[at]!;
        if (enter(child) !== false) {
          stack.push(child);
          cursor.push(this.childStart[child]!);
        }
        continue;
      }
      stack.pop();
      cursor.pop();
      leave?.(node);
    }
  }
}
