// When a difference between two runs counts as real. The samples a single run offers (seconds, probe windows) vary
// less than whole runs do (a fresh process, a fresh JIT, the machine's other tenants), so a t-test on them alone calls
// run-to-run noise significant. With repeated runs (--repeat N) the test's unit is the run and only a small floor
// remains. For single runs, requests/s and latency add the run-to-run variance learnt from repeated sessions
// (run-noise.ts); figures without repeated measurements need a minimum effect instead. The false-positive experiment
// (bench/false-positives.ts, figures in the README) checks how often unchanged code would be called different.
export const ALPHA = 0.05;

/**
 * Minimum change, as a share, for single-run comparisons of figures measured per probe window (event-loop delay, CPU,
 * GC). Requests/s and latency use the measured run-to-run variation instead (run-noise.ts); these figures have no
 * repeated measurements to learn it from.
 */
export const SINGLE_RUN_MIN_EFFECT = {
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
