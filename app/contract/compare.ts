// Before and after: two sessions of the same app compared, figure by figure and function by function.
import type { FindingKind } from './diagnosis.js';
import type { FrameCategory } from './profile.js';
import type { GitInfo } from './session.js';

export interface SignificanceTest {
  /** e.g. "Welch t-test on 3 vs 3 repeated runs" or "Welch t-test on per-second counts (single runs)". */
  method: string;
  p: number;
  /** 95 % confidence interval of after / before. */
  ci?: [number, number];
  /** Sample sizes, before and after. */
  n: [number, number];
  /** Smallest change (as a share, e.g. 0.05) this method calls real; see app/compare/thresholds.ts. */
  minimumEffect: number;
  /** Smallest absolute change, in the figure's unit, that counts (for shares and small levels), when there is one. */
  minimumAbsolute?: number;
}

export interface FigureComparison {
  key: string;
  label: string;
  unit: string;
  before: number;
  after: number;
  /** after / before. */
  ratio: number;
  changePercent: number;
  /** Which way is better for this figure. */
  better: 'higher' | 'lower';
  test?: SignificanceTest;
  /** The test says the difference is real (p < 0.05, at least the minimum effect and the minimum absolute change). */
  significant: boolean;
  /** improved / regressed when significant, unchanged when tested and not significant, untested without a test. */
  outcome: 'improved' | 'regressed' | 'unchanged' | 'untested';
  /**
   * Which rule decided `significant`, and the same in plain words for every face to show as it is (added with issue
   * 16; comparisons are computed on request, never stored, so no format version changes).
   */
  judgement: Judgement;
}

/**
 * Why a figure is or is not a real change, as app/compare/significance.ts decided it:
 * - `real`: p < 0.05, at least the minimum effect and the minimum absolute change;
 * - `within-noise`: p ≥ 0.05, the difference is within run-to-run noise;
 * - `under-minimum-effect`: p < 0.05 but a smaller change than the method tells from run-to-run noise;
 * - `under-minimum-absolute`: p < 0.05 but too small in the figure's own unit to matter (0.02 % → 1.6 % time in GC);
 * - `too-few-values`: the figure is tested, but a side had fewer than two values (seconds, windows, runs);
 * - `no-spread`: one value per run (a peak, a maximum, a total): nothing to test against;
 * - `machine-differs`: a CPU figure of single runs whose machines were busy to different degrees (added with issue
 *   10): measured here, a process burning one core of two moved the target's CPU share and CPU per request in 19–20
 *   of 20 pairs of unchanged code, so those figures are not judged then.
 */
export type SignificanceVerdict = 'real' | 'within-noise' | 'under-minimum-effect' | 'under-minimum-absolute' | 'too-few-values' | 'no-spread' | 'machine-differs';

export interface Judgement {
  verdict: SignificanceVerdict;
  /**
   * The reason in plain words, without the method (that is `test.method`): "p = 0.0003; after/before between 82×
   * and 191×", "within run-to-run noise (p = 0.4)", "fewer than 2 per-window values on a side (1 before, 9 after)".
   */
  reason: string;
}

export interface FunctionDelta {
  functionName: string;
  url: string;
  /** Line in the after profile (before, when the function is gone). */
  line: number;
  lineBefore?: number;
  category: FrameCategory;
  package?: string;
  /** Self time as a share of all profile time, 0..100, before and after. */
  selfBefore: number;
  selfAfter: number;
  /** selfAfter - selfBefore, percentage points of the profile: negative = a smaller share of the time. */
  delta: number;
  /** Self time per completed request, µs, when both runs have load figures. */
  perRequestUsBefore?: number;
  perRequestUsAfter?: number;
  /**
   * perRequestUsAfter - perRequestUsBefore: negative = faster. The list is sorted by its size when both runs have
   * load figures (a server that got faster spends a larger share in what is left, so shares alone mislead), else by
   * the size of `delta`.
   */
  deltaPerRequestUs?: number;
  /**
   * Self time per second of profile, ms, before and after, and their difference: for two profiles compared without
   * request counts (two files), where shares of each profile would mislead. Absent with per-request figures.
   */
  msPerSecondBefore?: number;
  msPerSecondAfter?: number;
  deltaMsPerSecond?: number;
  /**
   * Which list it belongs in: `same` when the change is below the noise floor (0.5 µs per request, 0.5 ms per second,
   * or 0.05 points of the profile) or within the sampling noise of the function's own sample counts (3 standard
   * errors). Idle time, the program and the probe are not listed at all.
   */
  change: 'faster' | 'slower' | 'same';
}

/** A node of the merged call tree for the differential flame view: total time shares before and after. */
export interface DiffNode {
  name: string;
  url: string;
  line: number;
  category: FrameCategory;
  /** Share of all profile time with this stack prefix, 0..100. */
  before: number;
  after: number;
  selfBefore: number;
  selfAfter: number;
  /**
   * How its total time changed, decided by the engine with the function lists' rule: per request
   * when both runs have load figures (a faster server spends a larger share in what is left, so shares alone would
   * paint it red), else in shares of each profile. `strength` 0..1: the change relative to the frame's larger size.
   */
  change: 'more' | 'less' | 'same';
  strength: number;
  /** Total time per completed request, µs, when both runs have load figures. */
  perRequestUsBefore?: number;
  perRequestUsAfter?: number;
  children: DiffNode[];
}

export interface ComparedSession {
  sessionId: string;
  dir: string;
  name: string;
  createdAt: string;
  note?: string;
  git?: GitInfo;
  verdict?: FindingKind;
  repeats: number;
  /** The run's headline figures as its diagnosis gave them (absent for diagnoses written before they were added). */
  figures?: import('./diagnosis.js').RunFigures;
}

/**
 * An interleaved A/B comparison: N pairs of runs, before (a commit) and after (the working
 * tree), run alternately with one recipe. Its figures are tested pair by pair (a paired t-test on ln(after/before) of
 * each pair, n − 1 degrees of freedom), so drift in the machine's load, which moves both runs of a pair alike, cancels.
 * `before` and `after` of the comparison are one pair's sessions, for the profiles, the functions and the flame view.
 */
export interface InterleavedComparison {
  ref: string;
  commit: string;
  /** Pairs asked for; `pairs` holds the ones with load figures on both sides. */
  planned: number;
  pairs: Array<{ pair: number; before: string; after: string; requestsPerSecond: [number, number] }>;
  /** The test in words, as every face shows it. */
  method: string;
}

export interface Comparison {
  /** Set when the two sessions are runs of one interleaved A/B comparison; the figures are then paired. */
  interleaved?: InterleavedComparison;
  before: ComparedSession;
  after: ComparedSession;
  /** Every compared figure, requests/s first. */
  figures: FigureComparison[];
  verdict: { before?: FindingKind; after?: FindingKind };
  /** Sorted by the size of the change, largest first. */
  functions: FunctionDelta[];
  /** Merged call tree for the differential flame view (absent without both CPU profiles). */
  diff?: DiffNode;
  /** Why the comparison may mislead: different recipes, different machines, partial sessions. */
  warnings: string[];
}

/** One side of a comparison of two profile files (or a file and a session's profile). */
export interface ComparedProfile {
  /** File name (and the profile's name within it), or the session's name. */
  title: string;
  format: import('./profile.js').ProfileFormat;
  unit: import('./profile.js').ProfileSummary['unit'];
  durationMs: number;
  samples: number;
  /** Requests completed while it was recorded, when the profile is a session's (its load.json): time per request compares. */
  requests?: number;
}

/**
 * Two profiles compared function by function (`checkup compare a.cpuprofile b.pb.gz`). Time
 * profiles compare self time per request when both carry their request counts (a session's), else per second of
 * profile; byte and count profiles compare shares of each profile's own total.
 */
export interface ProfileComparison {
  before: ComparedProfile;
  after: ComparedProfile;
  /** The same shape as a session comparison's: sorted by the size of the change, largest first. */
  functions: FunctionDelta[];
  diff?: DiffNode;
  warnings: string[];
}
