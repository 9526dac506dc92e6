// The profile model's plain types. A profile is a frames table plus a call tree stored as parallel typed arrays
// (node -> frame, node -> parent, node -> self weight), and, for sampled CPU profiles, the sample timeline.
import type { FrameCategory, FrameRef } from '../../contract/profile.js';

/** What weights count: sampled time in microseconds, allocated bytes, or a count of events (pprof's objects, samples). */
export type WeightUnit = 'microseconds' | 'bytes' | 'count';

/** One distinct function: name + url + line + column. Frames are interned, so the index is the identity. */
export interface Frame extends FrameRef {
  /** `functionName|url|line|column`: identical functions reached from different stacks share one frame. */
  readonly key: string;
}

/** What an importer knows about a frame. Line and column are 1-based, 0 (or absent) when unknown. */
export interface FrameInput {
  functionName: string;
  url?: string;
  line?: number;
  column?: number;
  /** Set only when the importer knows better than the name/url rules (e.g. an anonymous script's code). */
  category?: FrameCategory;
}

/**
 * The plain, structured-clone-able form of a profile, for posting from a worker (transfer the typed arrays) and for
 * Profile.fromData. Node 0 is the synthetic root (frame -1); every node's parent index is lower than its own.
 */
export interface ProfileData {
  name: string;
  unit: WeightUnit;
  frames: Frame[];
  nodeFrame: Int32Array;
  nodeParent: Int32Array;
  nodeSelf: Float64Array;
  /** Samples (CPU) or allocation samples (heap) the profile was built from. */
  sampleCount: number;
  /** Sample timeline in time order: the node each sample hit and its weight (µs; float32 keeps 7 significant digits). */
  timeline?: { nodes: Int32Array; weights: Float32Array };
  /** Start and end of the recording, µs on the recorder's clock; 0 when unknown. */
  startTime: number;
  endTime: number;
  warnings: string[];
}
