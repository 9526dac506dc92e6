// The machine's share of a late loop. On a machine busier than its cores the OS holds the app's main thread back: its
// timers fire late and its loop completes no turn for a while without any of its code running long. The probe reads
// how long the main thread waited for a CPU in each window (Linux); that much of a window's delay is the machine's,
// not the app's, and is taken off before the loop's delay is judged.
import type { Evidence } from '../contract/diagnosis.js';
import type { ProbeSample } from '../contract/metrics.js';
import { round } from '../numbers.js';
import { sum } from '../numbers.js';

/** The window's delay figures less the time its main thread waited for a CPU (no change where it was not measured). */
export function appOwnDelay(sample: ProbeSample): ProbeSample['delay'] {
  const waited = sample.cpuWaitMs ?? 0;
  if (waited <= 0) return sample.delay;
  const less = (ms: number) => Math.max(0, ms - waited);
  return { ...sample.delay, p50: less(sample.delay.p50), p90: less(sample.delay.p90), p99: less(sample.delay.p99), max: less(sample.delay.max) };
}

/** The share of the measured time the app's main thread waited for a CPU, 0..1; undefined where it was not measured. */
export function cpuWaitShare(samples: readonly ProbeSample[]): number | undefined {
  const measured = samples.filter((s) => s.cpuWaitMs !== undefined);
  if (!measured.length) return undefined;
  const wall = sum(measured.map((s) => s.windowMs));
  return wall > 0 ? Math.min(1, sum(measured.map((s) => s.cpuWaitMs!)) / wall) : undefined;
}

/** Shown beside delay figures once the wait is large enough to matter (the delays above are already net of it). */
const NOTABLE_SHARE = 0.05;

export function cpuWaitEvidence(samples: readonly ProbeSample[]): Evidence[] {
  const share = cpuWaitShare(samples);
  if (share === undefined || share < NOTABLE_SHARE) return [];
  return [{ label: 'Time the app waited for a CPU (a busy machine; taken off the delays)', value: round(100 * share), unit: '%', series: 'delay.p99' }];
}

/**
 * The share of a window's wall time the main thread had a CPU: a request's synchronous time is measured on the wall
 * clock, so in a window where the thread waited for a CPU for a third of the time, its handlers read half as long again
 * as they ran. Their times are scaled by this (the window as a whole: conservative where the loop also idled).
 */
export function ranShare(sample: ProbeSample): number {
  const waited = sample.cpuWaitMs ?? 0;
  return sample.windowMs > 0 && waited > 0 ? Math.max(0, 1 - waited / sample.windowMs) : 1;
}
