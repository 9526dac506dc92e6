// The error-sites part: what it keeps of the errors frameworks answered is bounded (entries per window, sites per
// entry, frames per stack, characters of the message, stacks read), and its hooks on a real express and koa count
// each error once, on the route it failed, only when the answer is an error, and leave on stop.
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { rootDir } from '../../../app/paths.js';
import type { ErrorSiteStats } from '../../../app/contract/metrics.js';
import { listenOnLoopback } from '../../helpers/loopback-server.js';

const require = createRequire(import.meta.url);
const probe = (file: string) => require(join(rootDir, 'app', 'probe', file));
const { createErrorSiteStats, LIMITS } = probe('error-site-stats.cjs') as {
  createErrorSiteStats(): { add(method: string, route: string, status: number, framework: string, err: unknown): void; take(): ErrorSiteStats[] };
  LIMITS: { maxEntries: number; maxSites: number; maxFrames: number; messageChars: number; readFirst: number; readEvery: number };
};
const { createErrorSiteCollector } = probe('error-sites.cjs') as { createErrorSiteCollector(o: { routeOf?: (req: unknown) => string; armAnswers?: (arm: () => void) => void }): { take(): ErrorSiteStats[]; stop(): void } };
const { createRouteCollector } = probe('routes.cjs') as { createRouteCollector(p: typeof performance): { routeOf(req: unknown): string; onErrorAnswers(fn: () => void): void; take(): Array<{ route: string; errors: number }>; stop(): void } };

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).reverse().forEach((s) => s()));

/** An error thrown `depth` calls down, from a function named by `site`: distinct sites have distinct frames. */
function thrown(site: string, depth = 1, message = 'boom'): Error {
  const fns: Record<string, (n: number) => never> = {
    [site]: (n: number): never => {
      if (n > 1) return fns[site]!(n - 1);
      throw new Error(message);
    },
  };
  try {
    return fns[site]!(depth);
  } catch (err) {
    return err as Error;
  }
}

describe('error-site stats, bounded', () => {
  it("cuts the message to a line of ~120 characters and the stack to 12 frames", () => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 50;
    const err = thrown('deep', 30, 'customer ' + 'x'.repeat(500) + '\nsecond line SECRET');
    Error.stackTraceLimit = limit;
    const stats = createErrorSiteStats();
    stats.add('GET', '/a', 500, 'express', err);
    const [entry] = stats.take();
    const lines = entry!.sites[0]!.stack.split('\n');
    expect(lines[0]!.length).toBeLessThanOrEqual(LIMITS.messageChars);
    expect(lines[0]).toMatch(/^Error: customer x+…$/);
    expect(entry!.sites[0]!.stack).not.toContain('SECRET');
    expect(lines.slice(1)).toHaveLength(LIMITS.maxFrames);
    expect(lines.slice(1).every((l) => /^ {4}at /.test(l))).toBe(true);
  });

  it('keeps a few sites per route and a bounded number of routes, counting every error', () => {
    const stats = createErrorSiteStats();
    for (let i = 0; i < LIMITS.maxSites + 3; i++) stats.add('GET', '/one', 500, 'koa', thrown(`site${i}`));
    const routes = LIMITS.maxEntries + 10;
    for (let i = 0; i < routes; i++) stats.add('GET', `/r${i}`, 404, 'koa', thrown('same'));
    const out = stats.take();
    expect(out.length).toBeLessThanOrEqual(LIMITS.maxEntries + 1);
    const one = out.find((e) => e.route === '/one')!;
    expect(one.count).toBe(LIMITS.maxSites + 3);
    expect(one.sites).toHaveLength(LIMITS.maxSites);
    const rest = out.filter((e) => e.route !== '/one');
    expect(rest.reduce((n, e) => n + e.count, 0)).toBe(routes);
    expect(rest.find((e) => e.route === '(other)')!.count).toBe(routes - (LIMITS.maxEntries - 1));
    expect(stats.take()).toEqual([]);
  });

  it("reads the stacks of a route's first errors of the window, then one in so many", () => {
    const stats = createErrorSiteStats();
    const n = 100;
    for (let i = 0; i < n; i++) stats.add('POST', '/orders', 400, 'koa', thrown('parse'));
    const [entry] = stats.take();
    let read = 0;
    for (let i = 1; i <= n; i++) if (i <= LIMITS.readFirst || i % LIMITS.readEvery === 0) read++;
    expect(entry!.count).toBe(n);
    expect(entry!.sites).toHaveLength(1);
    expect(entry!.sites[0]!.count).toBe(read);
    expect(read).toBeLessThan(n / 4);
  });
});

const listen = (handler: Parameters<typeof listenOnLoopback>[0]) => listenOnLoopback(handler, stops);

function get(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request({ port, path, host: '127.0.0.1' }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

describe('the hooks on real frameworks', () => {
  it('express: an error offered to several layers is counted once, on its route; a recovered one and successes are not', async () => {
    const routes = createRouteCollector(performance);
    stops.push(() => routes.stop());
    const sites = createErrorSiteCollector({ routeOf: routes.routeOf });
    stops.push(() => sites.stop());
    const express = require('express');
    const Layer = require(join(rootDir, 'node_modules', 'express', 'lib', 'router', 'layer.js'));
    const app = express();
    const router = express.Router();
    router.get('/items/:id', (req: { params: { id: string } }) => {
      if (req.params.id === 'ok') throw Object.assign(new Error('recoverable'), { recover: true });
      throw thrown('brokenItem');
    });
    router.get('/fine', (_req: unknown, res: { json(v: unknown): void }) => res.json({}));
    app.use('/api', router);
    app.use((err: Error, _req: unknown, _res: unknown, next: (e: unknown) => void) => next(err)); // passes it on
    app.use((err: Error & { recover?: boolean }, _req: unknown, res: { status(n: number): { json(v: unknown): void } }, _next: unknown) => res.status(err.recover ? 200 : 500).json({}));
    const port = await listen(app);
    expect([await get(port, '/api/items/1'), await get(port, '/api/items/2'), await get(port, '/api/items/ok'), await get(port, '/api/fine')]).toEqual([500, 500, 200, 200]);
    const out = sites.take();
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ method: 'GET', status: 500, framework: 'express', count: 2 });
    // Filed under the route the routes part files the failed requests under (the doctor joins the two on it).
    const failed = routes.take().filter((r) => r.errors > 0);
    expect(failed.map((r) => r.route)).toEqual([out[0]!.route]);
    expect(out[0]!.route).toMatch(/\/items\/:id$/);
    expect(out[0]!.sites[0]!.stack).toMatch(/at (Object\.)?brokenItem /);
    const wrapped = Layer.prototype.handle_error;
    sites.stop();
    expect(Layer.prototype.handle_error).not.toBe(wrapped);
    expect(Layer.prototype.handle_error.name).toBe('handle_error');
  });

  it("answers the app writes itself (no error thrown): found at writeHead once the first 503 was seen, with the handler's frame", async () => {
    const routes = createRouteCollector(performance);
    stops.push(() => routes.stop());
    const sites = createErrorSiteCollector({ routeOf: routes.routeOf, armAnswers: (arm) => routes.onErrorAnswers(arm) });
    stops.push(() => sites.stop());
    const { ServerResponse } = require('node:http') as typeof import('node:http');
    const plain = ServerResponse.prototype.writeHead;
    // A checkout whose own breaker refuses: it answers 503 itself, as a handler does with reply.code(503).
    function refuseCheckout(res: import('node:http').ServerResponse) {
      res.writeHead(503, { 'retry-after': '2' });
      res.end('{"error":"unavailable"}');
    }
    const port = await listenOnLoopback((req, res) => (req.url === '/fine' ? res.end('ok') : refuseCheckout(res)), stops);
    // Nothing is wrapped while every answer succeeds.
    expect(await get(port, '/fine')).toBe(200);
    expect(ServerResponse.prototype.writeHead).toBe(plain);
    expect(await get(port, '/checkout')).toBe(503); // the first is seen at its finish: the hook is set from then on
    expect(ServerResponse.prototype.writeHead).not.toBe(plain);
    expect([await get(port, '/checkout'), await get(port, '/checkout'), await get(port, '/fine')]).toEqual([503, 503, 200]);
    const out = sites.take();
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ method: 'GET', route: '/checkout', status: 503, framework: 'answer', count: 2 });
    expect(out[0]!.sites[0]!.stack).toMatch(/^Answered 503\n {4}at refuseCheckout /);
    sites.stop();
    expect(ServerResponse.prototype.writeHead).toBe(plain);
  });

  it('koa: a ctx.throw(4xx) is counted at the status koa answers, nothing for a request that succeeds', async () => {
    const sites = createErrorSiteCollector({});
    stops.push(() => sites.stop());
    const Koa = require('koa');
    const app = new Koa();
    app.use((ctx: { path: string; throw(n: number, m: string): never; body: unknown }) => {
      if (ctx.path === '/bad') ctx.throw(409, 'taken');
      ctx.body = 'ok';
    });
    const port = await listen(app.callback());
    expect([await get(port, '/bad'), await get(port, '/good'), await get(port, '/bad')]).toEqual([409, 200, 409]);
    const out = sites.take();
    expect(out).toEqual([expect.objectContaining({ method: 'GET', route: '/bad', status: 409, framework: 'koa', count: 2 })]);
  });
});
