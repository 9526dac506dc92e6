// The database waits split by the route whose requests made them, from the probe's per-route counts (routes.cjs adds
// each request's own query waits to its route when it finishes). Pure.
import type { RequestTimeRoute } from '../contract/diagnosis.js';
import type { DbSystem, ProbeSample } from '../contract/metrics.js';
import { round } from '../numbers.js';

/**
 * Per route served in the measured windows, busiest first: requests, mean latency, and per system the queries and
 * their wait per request. Undefined when the load reached one route only (the process's figures are then that
 * route's) or when no route carries database waits (the probe did not follow requests: no database, or an older probe).
 */
export function routeWaits(samples: ProbeSample[]): RequestTimeRoute[] | undefined {
  const byRoute = new Map<string, { count: number; totalMs: number; db: Map<DbSystem, { count: number; totalMs: number }> }>();
  let followed = false;
  for (const sample of samples) {
    for (const r of sample.routes ?? []) {
      if (r.count <= 0) continue;
      const key = `${r.method} ${r.route}`;
      const route = byRoute.get(key) ?? { count: 0, totalMs: 0, db: new Map() };
      route.count += r.count;
      route.totalMs += r.totalMs;
      for (const w of r.db ?? []) {
        followed = true;
        const sum = route.db.get(w.system) ?? { count: 0, totalMs: 0 };
        sum.count += w.count;
        sum.totalMs += w.totalMs;
        route.db.set(w.system, sum);
      }
      byRoute.set(key, route);
    }
  }
  if (byRoute.size < 2 || !followed) return undefined;
  return [...byRoute]
    .sort((a, b) => b[1].count - a[1].count)
    .map(([route, r]) => ({
      route,
      requests: r.count,
      latencyMeanMs: round(r.totalMs / r.count, 3),
      waits: [...r.db].map(([system, w]) => ({ kind: 'database' as const, system, msPerRequest: round(w.totalMs / r.count, 3), callsPerRequest: round(w.count / r.count, 3) })),
    }));
}
