// Requests served per route, from the target's side: counts, time to the response's finish, and the synchronous part
// of the handler (the time it held the event loop), with ids in paths folded into one route.
import { afterEach, describe, expect, it } from 'vitest';
import type { ProbeSample, RouteStats } from '../../../app/contract/metrics.js';
import { cleanUpTargets, launchFixture, sleep } from '../target/target-helpers.js';
import { afterNextWindows, requestAll } from './probe-helpers.js';

afterEach(cleanUpTargets);

const INTERVAL_MS = 100;

/**
 * Every window's stats summed per `METHOD route`, as the probe measured them: the doctor's sum (routeTotals) takes
 * off the time the app waited for a CPU, and a busy machine would then move these wall-clock figures.
 */
function byRoute(samples: ProbeSample[]): Map<string, RouteStats> {
  const totals = new Map<string, RouteStats>();
  for (const r of samples.flatMap((s) => s.routes ?? [])) {
    const key = `${r.method} ${r.route}`;
    const t = totals.get(key) ?? { ...r, count: 0, totalMs: 0, maxMs: 0, syncMs: 0, syncMaxMs: 0, errors: 0 };
    totals.set(key, { ...t, count: t.count + r.count, totalMs: t.totalMs + r.totalMs, maxMs: Math.max(t.maxMs, r.maxMs), syncMs: t.syncMs + r.syncMs, syncMaxMs: Math.max(t.syncMaxMs, r.syncMaxMs), errors: t.errors + r.errors });
  }
  return totals;
}

async function served(script: string, send: (port: number) => Promise<unknown>, env: Record<string, string> = {}): Promise<Map<string, RouteStats>> {
  const target = await launchFixture(script, { sampleIntervalMs: INTERVAL_MS, env });
  const ready = await target.waitUntilListening(15_000);
  const samples: ProbeSample[] = [];
  target.on('sample', (s: ProbeSample) => samples.push(s));
  await send(ready.port);
  await afterNextWindows(INTERVAL_MS);
  return byRoute(samples);
}

describe('per-route request stats', () => {
  it('separate a fast route from one that holds the loop, fold ids, and count errors per method', async () => {
    const routes = await served('route-server.cjs', async (port) => {
      await requestAll(port, Array.from({ length: 20 }, (_, i) => [`/fast?i=${i}`, '/slow', `/items/${100 + i}`, '/after-await']).flat());
      await requestAll(port, ['/items/7', '/items/8'], { method: 'POST' });
      await requestAll(port, ['/nothing/here', '/nothing/here']);
      await requestAll(port, ['/orders/123e4567-e89b-12d3-a456-426614174000/lines/9f86d081884c7d65', '/orders/00000000-0000-4000-8000-000000000001/lines/ABCDEF0123456789?x=1', '/tags/cafe']);
    });
    const described = [...routes.values()].map((r) => `${r.method} ${r.route} x${r.count} sync ${r.syncMs} max ${r.syncMaxMs}`).join('; ');

    const fast = routes.get('GET /fast');
    const slow = routes.get('GET /slow');
    const later = routes.get('GET /after-await');
    expect(fast?.count, described).toBe(20);
    expect(slow?.count, described).toBe(20);
    expect(later?.count, described).toBe(20);
    // ~20 ms of synchronous work per /slow request; /fast answers at once. Means, not maxima, for the fast routes:
    // a machine busy with other work may deschedule the target in the middle of any request.
    const mean = (r: RouteStats, key: 'syncMs' | 'totalMs') => r[key] / r.count;
    expect(slow!.syncMaxMs, described).toBeGreaterThanOrEqual(15);
    expect(mean(slow!, 'syncMs'), described).toBeGreaterThanOrEqual(15);
    expect(slow!.totalMs).toBeGreaterThanOrEqual(slow!.syncMs);
    expect(slow!.maxMs).toBeGreaterThanOrEqual(slow!.syncMaxMs);
    expect(mean(fast!, 'syncMs'), described).toBeLessThan(5);
    // The same work after an await is in the request's time, not in its synchronous first turn.
    expect(mean(later!, 'totalMs'), described).toBeGreaterThanOrEqual(15);
    expect(mean(later!, 'syncMs'), described).toBeLessThan(5);

    // Numeric segments are one route; the query never makes a route of its own; methods are told apart.
    expect(routes.get('GET /items/:id')?.count, described).toBe(20);
    expect(routes.get('POST /items/:id')?.count, described).toBe(2);
    expect([...routes.keys()].filter((k) => /\d|\?/.test(k)), described).toEqual([]);
    // UUIDs and hex strings of 12 characters or more are ids; a short word that happens to be hex is not.
    expect(routes.get('GET /orders/:id/lines/:id')?.count, described).toBe(2);
    expect(routes.get('GET /tags/cafe')?.count, described).toBe(1);
    // Responses with a status >= 400 are errors of their route.
    expect(routes.get('GET /nothing/here')).toMatchObject({ count: 2, errors: 2 });
    expect(fast!.errors + slow!.errors).toBe(0);
  });

  it('keep at most 100 routes per window, counting the rest under (other)', async () => {
    const target = await launchFixture('route-server.cjs', { sampleIntervalMs: 1500 });
    const ready = await target.waitUntilListening(15_000);
    const samples: ProbeSample[] = [];
    target.on('sample', (s: ProbeSample) => samples.push(s));
    // 250 distinct paths: however the windows fall (two at most), one of them holds more than 100.
    await requestAll(ready.port, Array.from({ length: 250 }, (_, i) => `/page-${i}`), { concurrency: 4 });
    await sleep(2000);
    const windows = samples.filter((s) => s.routes).map((s) => s.routes!);
    // Each path was requested once: a window's count is its number of distinct paths.
    for (const routes of windows) {
      const total = routes.reduce((n, r) => n + r.count, 0);
      expect(routes.filter((r) => r.route !== '(other)')).toHaveLength(Math.min(100, total));
      expect(routes.find((r) => r.route === '(other)')?.count ?? 0).toBe(Math.max(0, total - 100));
    }
    expect(windows.flat().reduce((n, r) => n + r.count, 0)).toBe(250);
    expect(windows.some((routes) => routes.some((r) => r.route === '(other)'))).toBe(true);
  });

  it("use express's route pattern, with the router's mount path", async () => {
    const routes = await served('route-server.cjs', async (port) => {
      await requestAll(port, ['/api/users/1/orders/2', '/api/users/abc/orders/9f86d081884c7d65', '/api/slow', '/api/none']);
    }, { FRAMEWORK: 'express' });
    const described = [...routes.keys()].join('; ');
    expect(routes.get('GET /api/users/:userId/orders/:orderId')?.count, described).toBe(2);
    expect(routes.get('GET /api/slow')?.syncMaxMs, described).toBeGreaterThanOrEqual(15);
    // No route matched: the path, as for a plain server.
    expect(routes.get('GET /api/none'), described).toMatchObject({ count: 1, errors: 1 });
    expect(routes.size, described).toBe(3);
  });

  it("use restify's route pattern", async () => {
    const routes = await served('route-server.cjs', (port) => requestAll(port, ['/shops/1', '/shops/two?x=1']), { FRAMEWORK: 'restify' });
    expect(routes.get('GET /shops/:shopId')?.count, [...routes.keys()].join('; ')).toBe(2);
  });
});
