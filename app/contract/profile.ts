// Results of profile analysis that cross the engine boundary (CLI JSON, UI, diagnosis culprits). The profile model
// itself (call tree, samples) lives in app/profile/model and never crosses as a whole: the UI's flame view gets a
// file URL, the rest gets these summaries.

export type FrameCategory = 'app' | 'dependency' | 'node-core' | 'v8' | 'native' | 'gc' | 'idle' | 'program';

export interface FrameRef {
  functionName: string;
  /** file:// URL, node:internal/... or '' for natives. */
  url: string;
  /** 1-based line and column; 0 when unknown. */
  line: number;
  column: number;
  category: FrameCategory;
  /** npm package name for `dependency` frames. */
  package?: string;
}

export interface HotFunction extends FrameRef {
  /** Share of all sampled time spent in this function itself, 0..100. */
  selfPercent: number;
  /** Share of sampled time with this function anywhere on the stack (recursion counted once), 0..100. */
  totalPercent: number;
  selfMs: number;
  totalMs: number;
}

export interface CostShare {
  name: string;
  selfMs: number;
  percent: number;
}

export type ProfileFormat =
  | 'cpuprofile'
  | 'heapprofile'
  | 'chrome-trace'
  | 'v8-log'
  | 'speedscope'
  | 'pprof';

export interface ProfileSummary {
  format: ProfileFormat;
  /** What the numbers count: sampled time for CPU profiles, bytes for heap profiles, events for pprof's counts. */
  unit: 'milliseconds' | 'bytes' | 'count';
  durationMs: number;
  samples: number;
  /** For files with several profiles (threads, speedscope), which one this summary describes. */
  profileName?: string;
  topFunctions: HotFunction[];
  categories: CostShare[];
  packages: CostShare[];
  files: CostShare[];
  advice: HotspotAdvice[];
  /** Import warnings (e.g. events out of order, truncated file accepted). */
  warnings: string[];
}

export interface HotspotAdvice {
  /** Stable id, also the name of its content file in assets/advice/hotspots. */
  id: string;
  title: string;
  /** Markdown, from the content file. */
  text: string;
  /** Share of profile time the pattern accounts for, 0..100. */
  percent: number;
  /** The frames that prove it. */
  frames: FrameRef[];
}

/**
 * Marks in a heap profile's allocation order (capture.ts markHeap, kept-through-load.ts): the function whose one
 * allocation marks a moment of the measured window, by its share of the window's time (15, 50, 85) or its end.
 */
export const HEAP_MARKS = { at15: 'checkupHeapMark15', at50: 'checkupHeapMark50', at85: 'checkupHeapMark85', end: 'checkupHeapMarkEnd' } as const;
export type HeapMark = keyof typeof HEAP_MARKS;
