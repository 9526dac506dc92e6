// The database waits split by route: summed over windows from the probe's per-route counts, per request of each route,
// and only when there is more than one route to tell apart.
import { describe, expect, it } from 'vitest';
import type { ProbeSample, RouteStats } from '../../../app/contract/metrics.js';
import { routeWaits } from '../../../app/diagnosis/route-waits.js';
import { syntheticRun } from '../../helpers/synthetic-run.js';

const route = (method: string, path: string, count: number, meanMs: number, db?: RouteStats['db']): RouteStats => ({ method, route: path, count, totalMs: count * meanMs, maxMs: meanMs * 2, syncMs: count, syncMaxMs: 2, errors: 0, ...(db ? { db } : {}) });

function samplesWith(perWindow: RouteStats[][]): ProbeSample[] {
  const base = syntheticRun({ scenario: 'healthy-idle', noise: 0 }).samples;
  return perWindow.map((routes, i) => ({ ...base[i % base.length]!, routes }));
}

describe('routeWaits', () => {
  it("gives each route its own requests' waits, per request", () => {
    const samples = samplesWith([
      [route('GET', '/posts', 10, 60, [{ system: 'postgres', count: 210, totalMs: 500 }]), route('GET', '/report', 12, 6, [{ system: 'mysql', count: 12, totalMs: 60 }])],
      [route('GET', '/posts', 10, 60, [{ system: 'postgres', count: 210, totalMs: 520 }]), route('GET', '/report', 8, 6, [{ system: 'mysql', count: 8, totalMs: 40 }]), route('GET', '/health', 5, 1)],
    ]);
    const routes = routeWaits(samples)!;
    expect(routes.map((r) => r.route)).toEqual(['GET /posts', 'GET /report', 'GET /health']);
    expect(routes[0]).toEqual({ route: 'GET /posts', requests: 20, latencyMeanMs: 60, waits: [{ kind: 'database', system: 'postgres', msPerRequest: 51, callsPerRequest: 21 }] });
    expect(routes[1]!.waits).toEqual([{ kind: 'database', system: 'mysql', msPerRequest: 5, callsPerRequest: 1 }]);
    expect(routes[2]!.waits).toEqual([]);
  });

  it("adds each route's waits for a pooled connection and its other waits, per system and kind, after its queries", () => {
    const samples = samplesWith([
      [
        { ...route('GET', '/posts', 10, 60, [{ system: 'postgres', count: 20, totalMs: 100 }]), waits: [{ kind: 'timer', count: 10, totalMs: 300 }, { kind: 'checkout:postgres', count: 20, totalMs: 150 }] },
        { ...route('POST', '/login', 5, 90), waits: [{ kind: 'threadpool', count: 5, totalMs: 400 }, { kind: 'fs', count: 5, totalMs: 5 }, { kind: 'checkout:oracle', count: 1, totalMs: 1 }, { kind: 'locks', count: 1, totalMs: 1 }] },
      ],
      [{ ...route('GET', '/posts', 10, 60), waits: [{ kind: 'checkout:postgres', count: 20, totalMs: 50 }] }],
    ]);
    const [posts, login] = routeWaits(samples)!;
    expect(posts!.waits).toEqual([
      { kind: 'database', system: 'postgres', msPerRequest: 5, callsPerRequest: 1 },
      { kind: 'checkout', system: 'postgres', msPerRequest: 10, callsPerRequest: 2 },
      { kind: 'timer', msPerRequest: 15, callsPerRequest: 0.5 },
    ]);
    // Kinds this version does not know (another database's pool, a new kind) are left out, not shown unnamed.
    expect(login!.waits).toEqual([
      { kind: 'threadpool', msPerRequest: 80, callsPerRequest: 1 },
      { kind: 'fs', msPerRequest: 1, callsPerRequest: 1 },
    ]);
  });

  it('says nothing for one route, or when no request was followed', () => {
    expect(routeWaits(samplesWith([[route('GET', '/posts', 10, 60, [{ system: 'postgres', count: 210, totalMs: 500 }])]]))).toBeUndefined();
    expect(routeWaits(samplesWith([[route('GET', '/a', 10, 60), route('GET', '/b', 10, 6)]]))).toBeUndefined();
  });
});
