// The profiling cost's line, in the CLI's text and the app alike (the estimate: app/engine/profiling-cost.ts).
import type { ProfilingCost } from './session.js';

/** The user's line: "about N % of the app's CPU", with what it rests on. */
export function profilingCostWords(c: ProfilingCost): string {
  const n = c.percent < 1 ? '<1' : String(Math.round(c.percent));
  const heap = c.heapNotIncluded ? '; heap sampling not included (its cost follows allocations, which a run does not count)' : '';
  return `profiling cost about ${n} % of the app's CPU in this run (${c.cpuSamples.toLocaleString('en-US')} CPU samples x ~${c.sampleCostUs} µs each and the profiler's own thread, against ${Math.round(c.processCpuMs).toLocaleString('en-US')} ms of the main process's CPU)${heap}`;
}
