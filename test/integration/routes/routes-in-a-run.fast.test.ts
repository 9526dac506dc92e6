// The route table at work: requests grouped by the framework's patterns in the probe's per-route stats (fastify and
// koa, which keep the matched route to themselves), and a real run that warns of a load path no route takes before
// it ends and saves routes.json with the routes the load never reached.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../app/contract/api.js';
import type { ProbeSample } from '../../../app/contract/metrics.js';
import type { RouteTable } from '../../../app/contract/routes.js';
import { routeName, routeTotals } from '../../../app/diagnosis/request-cost.js';
import { Engine } from '../../../app/engine/engine.js';
import { afterNextWindows, requestAll } from '../probe/probe-helpers.js';
import { cleanUpTargets, fixturesDir, launchFixture } from '../target/target-helpers.js';

afterEach(cleanUpTargets);

const INTERVAL_MS = 100;

/** Launch a fixture, wait for its route table, send requests; every window's per-route stats summed. */
async function servedBy(file: string, paths: string[]): Promise<{ table: RouteTable; routes: Map<string, number> }> {
  const target = await launchFixture(join('routes', file), { sampleIntervalMs: INTERVAL_MS });
  const tableRead = new Promise<RouteTable>((resolve) => target.on('routes', resolve));
  const ready = await target.waitUntilListening(15_000);
  const table = await tableRead;
  const samples: ProbeSample[] = [];
  target.on('sample', (s) => samples.push(s));
  await requestAll(ready.port, paths);
  await afterNextWindows(INTERVAL_MS);
  return { table, routes: new Map(routeTotals(samples).map((r) => [routeName(r), r.count])) };
}

describe('per-route stats by the registered pattern', () => {
  it('groups fastify requests by route, ids or not, and keeps the guess for paths no route takes', async () => {
    const { table, routes } = await servedBy('fastify-app.cjs', ['/users/42', '/users/alice', '/v1/things/abc', '/v1/things/abc?x=1', '/nowhere/7']);
    expect(table.framework).toBe('fastify');
    const described = [...routes].map(([k, n]) => `${k} x${n}`).join('; ');
    // `alice` is no id by the guess: only the table knows it is the same route as 42.
    expect(routes.get('GET /users/:id'), described).toBe(2);
    expect(routes.get('GET /v1/things/:thingId'), described).toBe(2);
    expect(routes.get('GET /nowhere/:id'), described).toBe(1);
    expect([...routes.keys()].some((k) => k.includes('alice')), described).toBe(false);
  });

  it('groups koa requests by @koa/router pattern', async () => {
    const { routes } = await servedBy('koa-app.cjs', ['/shop/products/sku-1', '/shop/products/sku-2', '/shop/products/3']);
    expect(routes.get('GET /shop/products/:productId'), [...routes.keys()].join('; ')).toBe(3);
  });
});

describe('a run with a route table', () => {
  it('warns of a typo in the load paths before the run ends, and saves what it never reached', async () => {
    const engine = new Engine({ sessionsDir: mkdtempSync(join(tmpdir(), 'checkup-run-routes-')) });
    const events: EngineEvent[] = [];
    engine.onEvent((e) => events.push(e));
    const appsDir = join(fixturesDir, 'routes');
    const { runId, sessionId } = await engine.startRun({
      recipe: {
        target: { kind: 'script', script: join(appsDir, 'koa-app.cjs'), cwd: appsDir },
        load: { requests: [{ path: '/shop/products/1' }, { path: '/shopp/products/1' }], durationSec: 2, warmupSec: 0, connections: 2 },
        profile: { cpu: false, heap: false },
      },
    });
    const outcome = await engine.registry.runOutcome(runId);
    expect(outcome.error?.code).toBeUndefined();

    const routesAt = events.findIndex((e) => e.type === 'run-routes');
    const finishedAt = events.findIndex((e) => e.type === 'run-finished' || (e.type === 'run-phase' && e.phase === 'done'));
    expect(routesAt, 'a run-routes event').toBeGreaterThanOrEqual(0);
    expect(routesAt).toBeLessThan(finishedAt);
    const news = events[routesAt] as Extract<EngineEvent, { type: 'run-routes' }>;
    expect(news.unmatched).toEqual([{ method: 'GET', path: '/shopp/products/1' }]);
    expect(news.table.framework).toBe('koa');

    const detail = await engine.getSession({ id: sessionId });
    expect(detail.session.files).toContain('routes.json');
    expect(detail.routes?.routes.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /shop/products/:productId', 'POST /shop/cart']);
    expect(detail.routes?.neverHit.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /shop/cart']);
    expect(detail.routes?.unmatched).toEqual([{ method: 'GET', path: '/shopp/products/1' }]);
    // The app served the load by its registered pattern.
    const served = new Map(routeTotals(detail.samples).map((r) => [routeName(r), r.count]));
    expect(served.get('GET /shop/products/:productId') ?? 0).toBeGreaterThan(0);
  });
});
