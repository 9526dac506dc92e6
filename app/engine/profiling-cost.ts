// What the CPU profiler cost the app in one run, estimated from what the run knows: the samples in the main process's
// profile times a CPU cost per sample, against the process's CPU over the profiled window as its probe measured it.
import type { ProfilingCost } from '../contract/session.js';

/**
 * The CPU profiler's price as measured on this project's 2-core Linux machine (docs/measured.md, "The profilers'
 * price"): an idle Node 20 process with and without --cpu-prof at 250, 1000 and 4000 µs, its extra CPU (the sampler
 * thread's wake-ups, the signal, the stack walk, kernel time included) fitted against the samples its profile holds:
 * ~35 µs a sample plus ~13 ms a second while the profiler runs. Valgrind's instruction counts see only the user-space
 * part of it (2-3 thousand instructions a sample), so they are not used. Another machine's cost differs and a busy
 * main thread's may too; the figure is an order of magnitude, and the report says "about".
 */
export const CPU_SAMPLE_COST_US = 35;
export const CPU_PROFILER_FIXED_MS_PER_SEC = 13;

export interface ProfilingCostInput {
  /** Samples in the main process's CPU profile; undefined when no CPU profile was taken. */
  cpuSamples: number | undefined;
  /** How long the profiler ran, s. */
  profiledSec: number;
  /** The main process's CPU over the profiled window, ms. */
  processCpuMs: number;
  heap: boolean;
}

/**
 * undefined when no estimate holds: no CPU profile, no CPU measured, or an estimate at or above the process's whole
 * CPU (then the per-sample figure does not fit this machine, and a percentage of it would be made up).
 */
export function profilingCost({ cpuSamples, profiledSec, processCpuMs, heap }: ProfilingCostInput, sampleCostUs = CPU_SAMPLE_COST_US, fixedMsPerSec = CPU_PROFILER_FIXED_MS_PER_SEC): ProfilingCost | undefined {
  if (!cpuSamples || !(processCpuMs > 0) || !(profiledSec > 0)) return undefined;
  const estimatedMs = (cpuSamples * sampleCostUs) / 1000 + fixedMsPerSec * profiledSec;
  if (estimatedMs >= processCpuMs) return undefined;
  const percent = (100 * estimatedMs) / (processCpuMs - estimatedMs);
  const round1 = (v: number) => Math.round(v * 10) / 10;
  return { cpuSamples, sampleCostUs, estimatedMs: round1(estimatedMs), processCpuMs: round1(processCpuMs), percent: round1(percent), ...(heap ? { heapNotIncluded: true } : {}) };
}
