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
