// What one request costs the event loop, and which route costs it: the figure that tells a loop busy with many cheap
// requests (healthy) from one busy with a few expensive ones (a hot path) or held by long synchronous stretches
// (blocked). Pure: computed from the probe windows, the load result and the CPU evidence.
import type { ProbeSample, RouteStats } from '../contract/metrics.js';
import type { DiagnosisInput } from './input.js';
import { loopOwnWork, type LoopBusy } from './loop-busy.js';
import { ranShare } from './cpu-wait.js';
import { sum } from '../numbers.js';
import { unfinishedRequests } from './slow-requests.js';

export interface RouteCost extends RouteStats {
  /** Mean synchronous time of the request's first turn, ms. */
  syncMeanMs: number;
  /** This route's synchronous time as a share of the loop's busy time, 0..1. */
  loopShare: number;
}

export interface RequestCost {
  /** Measured wall time, ms (the probe windows' span). */
  wallMs: number;
  requests: number;
  /** Event-loop busy time per request, ms (profile's non-idle share, else event-loop utilisation). */
  loopMsPerRequest: number;
  /**
   * What a request of the costliest route costs the loop, at least: with a cheap route mixed in (a health check), the
   * average understates it. Equals loopMsPerRequest when the probe saw no routes.
   */
  costlyRequestMs: number;
  /** Process CPU (all threads) per request, ms, from the probe. */
  cpuMsPerRequest: number;
  /** Where it came from, for the evidence label. */
  source: LoopBusy['source'];
  /** Routes seen by the probe, costliest (by total synchronous time) first. */
  routes: RouteCost[];
  /**
   * How long one request holds the loop in one go, ms: the highest mean first-turn synchronous time of a route that
   * served at least 3 requests; undefined when the probe saw no routes.
   */
  syncStretchMs: number | undefined;
}

/** Every window's route stats summed per method and route (synchronous times less the window's wait for a CPU). */
export function routeTotals(samples: readonly ProbeSample[]): RouteStats[] {
  const byKey = new Map<string, RouteStats>();
  for (const sample of samples) {
    const ran = ranShare(sample);
    for (const r of sample.routes ?? []) {
      const key = `${r.method} ${r.route}`;
      const t = byKey.get(key) ?? { method: r.method, route: r.route, count: 0, totalMs: 0, maxMs: 0, syncMs: 0, syncMaxMs: 0, errors: 0 };
      t.count += r.count;
      t.totalMs += r.totalMs;
      t.maxMs = Math.max(t.maxMs, r.maxMs);
      t.syncMs += r.syncMs * ran;
      t.syncMaxMs = Math.max(t.syncMaxMs, r.syncMaxMs * ran);
      t.errors += r.errors;
      byKey.set(key, t);
    }
  }
  return [...byKey.values()];
}

export function requestCost(input: DiagnosisInput): RequestCost {
  const wallMs = input.cpu && input.cpu.durationMs > 0 ? input.cpu.durationMs : sum(input.samples.map((s) => s.windowMs));
  const totals = routeTotals(input.samples);
  const routed = sum(totals.map((r) => r.count));
  // No request finished, every connection held one: the busy time was spent on the requests in flight (lower bounds).
  const unfinished = unfinishedRequests(input);
  const requests = unfinished ? unfinished.inFlight : Math.max(1, input.load?.requestsTotal ?? routed);
  // A request's cost is the CPU its work took: on a machine busier than its cores the loop also reads busy while its
  // thread only waits for a CPU, and that wait is not the request's (loopOwnWork; saturation is judged on loopBusy).
  const busy = loopOwnWork(input);
  const busyMs = busy.share * wallMs;
  const cpuMs = sum(input.samples.map((s) => (s.cpu.user + s.cpu.system) * s.windowMs));
  const routes = totals
    .map((r): RouteCost => ({ ...r, syncMeanMs: r.syncMs / Math.max(1, r.count), loopShare: busyMs > 0 ? Math.min(1, r.syncMs / busyMs) : 0 }))
    .sort((a, b) => b.syncMs - a.syncMs);
  // A route served once or twice does not speak for the load; a rare route that holds the loop each time does (a
  // counting endpoint at 1 % of requests can take most of the loop's time).
  const frequent = routes.filter((r) => r.count >= 3);
  // The costliest route's cost per request, bounded from below: a request cannot hold the loop longer than it was in
  // flight, so every other route took at most its requests' total time, and the rest of the busy time is this one's.
  const inFlightMs = sum(routes.map((r) => r.totalMs));
  const bounds = frequent.map((r) => Math.max(0, busyMs - (inFlightMs - r.totalMs)) / r.count);
  const costlyRequestMs = Math.max(busyMs / requests, ...bounds);
  return {
    wallMs,
    requests,
    loopMsPerRequest: busyMs / requests,
    costlyRequestMs,
    cpuMsPerRequest: cpuMs / requests,
    source: busy.source,
    routes,
    syncStretchMs: frequent.length ? Math.max(...frequent.map((r) => r.syncMeanMs)) : undefined,
  };
}

/** "GET /count" */
export function routeName(r: Pick<RouteStats, 'method' | 'route'>): string {
  return `${r.method} ${r.route}`;
}
