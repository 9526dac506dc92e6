// What a run makes of the app's route table: the load's requests that match no registered route (a typo in the
// recipe), and the routes the load never reached. Paths are matched by the probe's own matcher
// (app/probe/route-patterns.cjs), so the engine and the per-route stats read a pattern the same way.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ProbeSample } from '../contract/metrics.js';
import type { RequestSpec } from '../contract/recipe.js';
import type { RouteEntry, RoutesFile, RouteTable } from '../contract/routes.js';
import { probePath } from '../paths.js';

type Matcher = (path: string) => string;
const { createPatternMatcher } = createRequire(import.meta.url)(join(dirname(probePath), 'route-patterns.cjs')) as { createPatternMatcher: (routes: RouteEntry[]) => Matcher };

/** The path of a request target without its query or fragment. */
function pathOnly(path: string): string {
  const end = path.search(/[?#]/);
  return end < 0 ? path : path.slice(0, end);
}

function takesMethod(route: RouteEntry, method: string): boolean {
  const methods = route.method.split(',');
  const m = method.toUpperCase();
  return methods.includes(m) || methods.includes('ALL') || (m === 'HEAD' && methods.includes('GET'));
}

/** Whether the table can judge paths at all: one it read, with routes in it. */
function tableKnown(table: RouteTable | undefined): table is RouteTable {
  return Boolean(table && !table.unknown && table.routes.length > 0);
}

/** The requests whose path (and method) no registered route takes; [] when the table is unknown. */
export function unmatchedRequests(requests: readonly Pick<RequestSpec, 'method' | 'path'>[], table: RouteTable | undefined): Array<{ method: string; path: string }> {
  if (!tableKnown(table)) return [];
  const out: Array<{ method: string; path: string }> = [];
  for (const request of requests) {
    const path = pathOnly(request.path);
    const method = (request.method || 'GET').toUpperCase();
    const candidates = table.routes.filter((route) => takesMethod(route, method));
    if (!createPatternMatcher(candidates)(path)) out.push({ method, path: request.path });
  }
  return out;
}

/**
 * Routes that nothing of the run reached: neither a request of the load (matched against the pattern) nor a
 * request the app served during the run (its per-route stats, grouped by the same patterns).
 */
export function routesNeverHit(table: RouteTable, requests: readonly Pick<RequestSpec, 'method' | 'path'>[], samples: readonly ProbeSample[]): RouteEntry[] {
  if (!tableKnown(table)) return [];
  const served = new Set<string>();
  for (const s of samples) for (const r of s.routes ?? []) if (r.count > 0) served.add(r.route);
  // A route served under a mounted router is named with its concrete mount (`/api/v1/items/:id`, express's baseUrl):
  // matched against the patterns too.
  const anyRoute = createPatternMatcher(table.routes);
  const hit = new Set<string>(served);
  for (const route of served) hit.add(anyRoute(route));
  for (const request of requests) {
    const route = createPatternMatcher(table.routes.filter((r) => takesMethod(r, request.method || 'GET')))(pathOnly(request.path));
    if (route) hit.add(route);
  }
  return table.routes.filter((route) => !hit.has(route.path));
}

/** routes.json of a run. */
export function routesFile(table: RouteTable, requests: readonly Pick<RequestSpec, 'method' | 'path'>[], samples: readonly ProbeSample[]): RoutesFile {
  return { ...table, neverHit: routesNeverHit(table, requests, samples), unmatched: unmatchedRequests(requests, table) };
}
