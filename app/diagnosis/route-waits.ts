// The waits split by the route whose requests made them, from the probe's per-route counts (routes.cjs adds each
// request's own query waits, and its other waits, to its route when it finishes). Pure.
import type { RequestTimeRoute, RouteWaitKind } from '../contract/diagnosis.js';
import type { DbSystem, ProbeSample } from '../contract/metrics.js';
import { round } from '../numbers.js';

const DB_SYSTEMS: readonly string[] = ['postgres', 'mysql', 'redis', 'mongodb'];
const OTHER_KINDS: readonly string[] = ['http', 'fetch', 'dns', 'fs', 'timer', 'threadpool'];
/** The order a route's waits are listed in: its queries, its waits for a connection, then the rest. */
const KIND_ORDER: readonly RouteWaitKind[] = ['database', 'checkout', 'http', 'fetch', 'threadpool', 'dns', 'fs', 'timer'];

/** A probe's wait kind ("checkout:postgres", "fs") as the figures name it; undefined for a kind not known here. */
function routeWaitKind(kind: string): { kind: RouteWaitKind; system?: DbSystem } | undefined {
  if (kind.startsWith('checkout:')) {
    const system = kind.slice('checkout:'.length);
    return DB_SYSTEMS.includes(system) ? { kind: 'checkout', system: system as DbSystem } : undefined;
  }
  return OTHER_KINDS.includes(kind) ? { kind: kind as RouteWaitKind } : undefined;
}

/**
 * Per route served in the measured windows, busiest first: requests, mean latency, and the waits per request (per
 * system for queries and for connections from a pool, per kind for the rest). Undefined when the load reached one
 * route only (the process's figures are then that route's) or when no route carries waits (the probe did not follow
 * requests: no database, or an older probe).
 */
export function routeWaits(samples: ProbeSample[]): RequestTimeRoute[] | undefined {
  const byRoute = new Map<string, { count: number; totalMs: number; waits: Map<string, { kind: RouteWaitKind; system?: DbSystem; count: number; totalMs: number }> }>();
  let followed = false;
  const add = (route: { waits: Map<string, { kind: RouteWaitKind; system?: DbSystem; count: number; totalMs: number }> }, kind: { kind: RouteWaitKind; system?: DbSystem }, count: number, totalMs: number) => {
    followed = true;
    const key = `${kind.kind}|${kind.system ?? ''}`;
    const sum = route.waits.get(key) ?? { ...kind, count: 0, totalMs: 0 };
    sum.count += count;
    sum.totalMs += totalMs;
    route.waits.set(key, sum);
  };
  for (const sample of samples) {
    for (const r of sample.routes ?? []) {
      if (r.count <= 0) continue;
      const key = `${r.method} ${r.route}`;
      const route = byRoute.get(key) ?? { count: 0, totalMs: 0, waits: new Map() };
      route.count += r.count;
      route.totalMs += r.totalMs;
      for (const w of r.db ?? []) add(route, { kind: 'database', system: w.system }, w.count, w.totalMs);
      for (const w of r.waits ?? []) {
        const kind = routeWaitKind(w.kind);
        if (kind) add(route, kind, w.count, w.totalMs);
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
      waits: [...r.waits.values()]
        .sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || b.totalMs - a.totalMs)
        .map((w) => ({ kind: w.kind, ...(w.system ? { system: w.system } : {}), msPerRequest: round(w.totalMs / r.count, 3), callsPerRequest: round(w.count / r.count, 3) })),
    }));
}
