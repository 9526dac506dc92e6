// When a difference between two runs counts as real. A p-value alone is not enough for single runs: the samples a
// single run offers (seconds, probe windows) vary less than whole runs do (a fresh process, a fresh JIT, the machine's
// other tenants), so a t-test on them calls run-to-run noise significant. Single-run comparisons therefore also need
// a minimum effect, measured here: the false-positive experiment (bench/false-positives.ts, figures in the README)
// compares pairs of runs of the same unchanged app and reports how often each figure would be called different.
// With repeated runs (--repeat N) the test's unit is the run, its variance is the run-to-run variance, and only a
// small floor remains.
export const ALPHA = 0.05;

/** Minimum change, as a share, for single-run comparisons (per-second or per-window samples). */
export const SINGLE_RUN_MIN_EFFECT = {
  requestsPerSecond: 0.1,
  latency: 0.25,
  delay: 0.5,
  cpu: 0.15,
  gc: 0.5,
} as const;

/**
 * Minimum absolute change for figures that are shares or small levels: 0.3 % to 1.6 % of time in GC is a large ratio
 * and no news. In the figure's own unit.
 */
export const MIN_ABSOLUTE_CHANGE: Partial<Record<string, number>> = {
  gcShare: 2,
  cpu: 5,
  delayP99: 2,
  latencyP50: 0.5,
  latencyP99: 1,
};

/** Minimum change for comparisons of repeated runs: below it a difference is real but not worth reporting. */
export const REPEATED_MIN_EFFECT = 0.02;

/** Fewest repeats on each side for the run-level test. */
export const MIN_REPEATS = 2;
