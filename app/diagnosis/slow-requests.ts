// Slow is a finding: a run that completed few requests because each took seconds is not short of data. Every
// connection of the load was busy the whole time; that is the strongest evidence there is.
import type { DiagnosisInput } from './input.js';
import { thresholds as T } from './thresholds.js';

/** Requests were few because they were slow, not because the load was short. */
export function fewBecauseSlow(input: DiagnosisInput): boolean {
  const load = input.load;
  if (!load || load.requestsTotal < 1 || load.requestsTotal >= T.minRequests) return false;
  if (load.latency.p50 >= T.slowRequestP50Ms) return true;
  const inFlight = (load.requestsPerSecond * load.latency.mean) / 1000;
  const connections = input.concurrency ?? 0;
  return connections > 0 && load.latency.p50 >= T.ioLatencyP50Ms && inFlight >= T.slowInFlightShare * connections;
}

/** Enough completed requests to judge latency: the doctor's minimum, or fewer that were slow. */
export function enoughRequests(input: DiagnosisInput): boolean {
  return Boolean(input.load && (input.load.requestsTotal >= T.minRequests || fewBecauseSlow(input)));
}

/** A request's mean latency, ms: the load's; with no request finished, at least the measured span. */
export function meanLatencyMs(input: DiagnosisInput): number {
  const unfinished = unfinishedRequests(input);
  return unfinished ? unfinished.windowMs : (input.load?.latency.mean ?? 0);
}

/** What a finding judged on unfinished requests says of its figures per request (lower bounds). */
export function unfinishedWords(input: DiagnosisInput, unfinished: { inFlight: number; windowMs: number }): string {
  return ` No request finished in the ${Math.round(unfinished.windowMs / 100) / 10} s measured: the ${unfinished.inFlight} in flight${input.warmedUp ? ` (the load's ${input.concurrency} and the warm-up's, still running)` : ''} are counted, each at least that long, so the figures per request are lower bounds.`;
}

/**
 * No request finished in the measured window, yet every connection of the load held one the whole time and none
 * failed: the requests are slower than the run, not absent. What they did meanwhile (queries run, the loop's work) is
 * still measured; per request it is counted over the requests in flight, each of which took at least the window:
 * lower bounds, said so where used.
 */
export function unfinishedRequests(input: DiagnosisInput): { inFlight: number; windowMs: number } | undefined {
  const load = input.load;
  // The warm-up's requests were as slow: they go on in the app through the measured window beside the load's own
  // (the warm-up's connections are closed, not its requests), so with a warm-up twice the load's concurrency was in
  // flight, at most, which keeps the figures per request lower bounds.
  const inFlight = (input.concurrency ?? 0) * (input.warmedUp ? 2 : 1);
  if (!load || load.requestsTotal > 0 || inFlight < 1 || load.errors + load.timeouts > 0 || load.durationSec <= 0) return undefined;
  // The span the probe's windows cover, over which the queries were summed (the app goes on with requests in flight
  // after the load stops); the load's own length when no window says.
  const windowsMs = input.samples.reduce((n, s) => n + s.windowMs, 0);
  return { inFlight, windowMs: windowsMs > 0 ? windowsMs : load.durationSec * 1000 };
}
