// How much a figure varies from run to run on this machine, for comparing single runs. Seconds inside one run vary
// far less than whole runs do (a fresh process and JIT, where the scheduler puts it, the machine's other work), so a
// test on per-second values alone calls run-to-run noise real. The variation is estimated from sessions measured
// several times (Recipe.repeats): the spread of ln(figure) across the repeats of each session, pooled. Without such
// sessions a default is used: measured on this project's 2-vCPU CI-class machine, where ten pairs of runs of an
// unchanged app differed by a log ratio with SD 0.28, i.e. σ ≈ 0.2 per run (requests/s swung from -31 % to +76 %).
import type { RepeatResult } from '../contract/metrics.js';

export interface RunNoise {
  /** SD of ln(figure) between runs. */
  sigma: number;
  /** Repeated runs it was measured from (0: the default). */
  runs: number;
}

export type NoiseFigure = 'requestsPerSecond' | 'latencyP50' | 'latencyP99';

export const DEFAULT_RUN_SIGMA = 0.2;

const pick: Record<NoiseFigure, (r: RepeatResult) => number> = {
  requestsPerSecond: (r) => r.requestsPerSecond,
  latencyP50: (r) => r.latency.p50,
  latencyP99: (r) => r.latency.p99,
};

/**
 * Pooled run-to-run SD of ln(figure) from sessions with repeats. Needs at least `minRuns` repeated runs in all;
 * otherwise the default. The pooled variance weighs each session by its degrees of freedom (repeats - 1).
 */
export function estimateRunNoise(sessions: RepeatResult[][], figure: NoiseFigure, minRuns = 6): RunNoise {
  let sumSquares = 0;
  let dof = 0;
  let runs = 0;
  for (const repeats of sessions) {
    const logs = repeats.map(pick[figure]).filter((v) => v > 0 && Number.isFinite(v)).map(Math.log);
    if (logs.length < 2) continue;
    const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
    sumSquares += logs.reduce((a, v) => a + (v - mean) ** 2, 0);
    dof += logs.length - 1;
    runs += logs.length;
  }
  if (runs < minRuns || dof === 0) return { sigma: DEFAULT_RUN_SIGMA, runs: 0 };
  return { sigma: Math.sqrt(sumSquares / dof), runs };
}
