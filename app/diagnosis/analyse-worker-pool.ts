// A saturated pool of worker threads: the handlers post their work to worker threads, every thread of the
// pool stays busy through the measured window, and requests wait for a free thread while the main event loop idles.
// Judged on the threads' own evidence (each thread's CPU profile, else its event-loop utilisation), so the culprits
// are the worker's functions, not the main thread's.
import type { Culprit } from '../contract/diagnosis.js';
import { ms, named, pct } from './format.js';
import type { DiagnosisInput, ScoredFinding } from './input.js';
import { loopBusy, loopBusyEvidence } from './loop-busy.js';
import { round } from '../numbers.js';
import { thresholds as T } from './thresholds.js';

/** One worker thread's evidence over the measured window. */
export interface ThreadEvidence {
  /** How people know it: "worker thread 2 (pool-worker.js)". */
  label: string;
  /** The thread's probe windows and CPU evidence, as the doctor reads a process's. */
  input: DiagnosisInput;
}

/** A problem finding when the pool is saturated and requests are slow for it; undefined otherwise. */
export function analyseWorkerPool(main: DiagnosisInput, threads: ThreadEvidence[]): ScoredFinding | undefined {
  const load = main.load;
  if (!threads.length || !load || load.requestsTotal < T.minRequests) return undefined;
  const busy = threads.map((t) => ({ thread: t, busy: loopBusy(t.input) })).filter((t) => t.thread.input.samples.length >= T.minSamples || t.thread.input.cpu);
  if (!busy.length) return undefined;
  const meanBusy = busy.reduce((sum, t) => sum + t.busy.share, 0) / busy.length;
  const mainBusy = loopBusy(main);
  // The main loop busy too: the requests' own work is the bottleneck, and the other analysers say so.
  // What one request's task costs the pool's threads, ms: their busy time per request served.
  const taskMs = load.requestsPerSecond > 0 ? (meanBusy * busy.length * 1000) / load.requestsPerSecond : 0;
  const queued = taskMs > 0 && load.latency.p50 >= Math.max(T.poolSlowP50Ms, T.poolQueueFactor * taskMs);
  if (meanBusy < T.poolSaturatedElu || !queued || mainBusy.share >= T.busyElu) return undefined;
  const busiest = [...busy].sort((a, b) => b.busy.share - a.busy.share)[0]!;
  const culprits: Culprit[] = (busiest.thread.input.cpu?.culprits ?? []).filter((c) => c.category === 'app' || c.category === 'dependency').slice(0, T.culpritCount);
  const top = culprits[0];
  return {
    kind: 'worker-pool-saturated',
    severity: 'problem',
    title: 'The worker threads are saturated',
    explanation:
      `Requests hand their work to ${busy.length === 1 ? 'a worker thread' : `a pool of ${busy.length} worker threads`}, busy ${pct(meanBusy)} of the time on average, ` +
      `so requests waited for a free thread (${ms(load.latency.p50)} at the median for ${ms(taskMs)} of work) while the main event loop was busy only ${pct(mainBusy.share)}.` +
      (top ? ` The workers spend their time in ${named(top)}.` : ''),
    evidence: [
      ...busy.map(({ thread, busy: b }) => ({ ...loopBusyEvidence(b, T.poolSaturatedElu * 100), label: `${thread.label}: busy` })),
      { ...loopBusyEvidence(mainBusy), label: 'Main thread: busy' },
      { label: 'Latency p50', value: round(load.latency.p50), unit: 'ms', series: 'load.latencyP99', threshold: round(Math.max(T.poolSlowP50Ms, T.poolQueueFactor * taskMs), 1) },
      { label: 'Work of one request on the threads', value: round(taskMs, 2), unit: 'ms', series: 'profile' },
      { label: 'Requests per second', value: Math.round(load.requestsPerSecond), unit: 'req/s', series: 'load.rps' },
    ],
    culprits,
    score: meanBusy / T.poolSaturatedElu + 0.5,
  };
}
