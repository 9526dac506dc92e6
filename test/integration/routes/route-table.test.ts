// Route discovery against real apps: each framework's routes read from its live objects by the probe in a launched
// app (Engine.findRoutes), with each handler's file:line, on Node 20, 22 and 24; plain http says the routes are
// unknown; an app that never listens or exits gets its coded error; a stop ends it; nothing outlives any of it.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FoundRoutes } from '../../../app/contract/routes.js';
import { Engine } from '../../../app/engine/engine.js';
import { CheckupError } from '../../../app/errors.js';
import { processesWith, waitFor } from '../../helpers/cli.js';
import { fixturesDir } from '../target/target-helpers.js';
import { NODE22, NODE24 } from '../../helpers/node-binaries.js';

const NODES = { '20': process.execPath, '22': NODE22, '24': NODE24 } as const;
const engine = new Engine({ sessionsDir: mkdtempSync(join(tmpdir(), 'checkup-routes-')) });
afterAll(() => engine.stopAll());

const appsDir = join(fixturesDir, 'routes');

function find(file: string, node: string = NODES['20'], options: { readyTimeoutSec?: number } = {}): Promise<FoundRoutes> {
  return engine.findRoutes({ target: { kind: 'script', script: join(appsDir, file), cwd: appsDir, node }, ...options });
}

/** `METHOD path` of each route, in the table's order. */
const listed = (found: FoundRoutes) => found.routes.map((r) => `${r.method} ${r.path}`);

/** The fixture's 1-based line holding `text`, so no test hard-codes a line number. */
function lineOf(file: string, text: string): number {
  const index = readFileSync(join(appsDir, file), 'utf8').split('\n').findIndex((l) => l.includes(text));
  expect(index, `${text} in ${file}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

/** After each find, no process of the fixture is left. */
async function expectGone(file: string): Promise<void> {
  expect(await waitFor(() => processesWith(join('routes', file)).length === 0, 5000), `a process of ${file} outlived findRoutes`).toBe(true);
}

describe('route discovery', () => {
  for (const [version, node] of Object.entries(NODES)) {
    it(`reads express 4's routes, mounted routers and sub-apps included, with their handlers, on Node ${version}`, async () => {
      const found = await find('express-app.cjs', node);
      expect(found).toMatchObject({ framework: 'express', version: expect.stringMatching(/^4\./) });
      expect(found.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(listed(found)).toEqual(['GET /', 'GET /users/:id', 'POST /users', 'GET /api/orders/:orderId', 'DELETE /api/orders/:orderId', 'GET /admin/stats']);
      const file = join(appsDir, 'express-app.cjs');
      expect(found.routes.find((r) => r.path === '/users/:id')?.source).toBe(`${file}:${lineOf('express-app.cjs', "app.get('/users/:id'")}`);
      expect(found.routes.find((r) => r.method === 'DELETE')?.source).toBe(`${file}:${lineOf('express-app.cjs', 'api.delete(')}`);
      await expectGone('express-app.cjs');
    });

    it(`reads fastify's routes, a plugin's prefix included and HEAD left out, on Node ${version}`, async () => {
      const found = await find('fastify-app.cjs', node);
      expect(found).toMatchObject({ framework: 'fastify', version: expect.stringMatching(/^5\./) });
      expect(listed(found)).toEqual(['GET /users/:id', 'POST /v1/things', 'GET /v1/things/:thingId']);
      expect(found.routes[1]?.source).toBe(`${join(appsDir, 'fastify-app.cjs')}:${lineOf('fastify-app.cjs', "instance.post('/things'")}`);
      await expectGone('fastify-app.cjs');
    });
  }

  it('reads an ES module express app (import, not require)', async () => {
    const found = await find('express-esm.mjs', NODES['22']);
    expect(listed(found)).toEqual(['GET /items/:itemId', 'PUT /items/:itemId']);
    expect(found.routes[0]?.source).toBe(`${join(appsDir, 'express-esm.mjs')}:${lineOf('express-esm.mjs', "app.get('/items")}`);
  });

  it('reads koa with @koa/router: the prefix applied, middleware without a method left out', async () => {
    const found = await find('koa-app.cjs');
    expect(found).toMatchObject({ framework: 'koa', version: expect.stringMatching(/^\d+\./) });
    expect(listed(found)).toEqual(['GET /shop/products/:productId', 'POST /shop/cart']);
    expect(found.routes[1]?.source).toBe(`${join(appsDir, 'koa-app.cjs')}:${lineOf('koa-app.cjs', "router.post('/cart'")}`);
  });

  it('reads restify 11 (Node 20: restify itself does not start on Node 24)', async () => {
    const found = await find('restify-app.cjs');
    expect(found).toMatchObject({ framework: 'restify', version: expect.stringMatching(/^11\./) });
    expect(listed(found)).toEqual(['GET /books/:isbn', 'POST /books']);
  });

  it('says a plain http server lists no routes, rather than inventing some', async () => {
    const found = await find('plain-http.cjs');
    expect(found.framework).toBe('http');
    expect(found.routes).toEqual([]);
    expect(found.unknown).toMatch(/plain http server/);
  });

  it('says "routes unknown for express <version>" when the router is not in a shape it knows', async () => {
    const found = await find('express-unknown-shape.cjs');
    expect(found.framework).toBe('express');
    expect(found.routes).toEqual([]);
    expect(found.unknown).toMatch(/^routes unknown for express 4\.\d+\.\d+$/);
  });

  it('gives an app that never listens its coded error, and leaves nothing running', async () => {
    const failure = await find('../never-listens.cjs', NODES['20'], { readyTimeoutSec: 2 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CheckupError);
    expect((failure as CheckupError).code).toBe('CHK_TARGET_NEVER_LISTENED');
    await expectGone('never-listens.cjs');
  });

  it('gives an app that exits before it listens its coded error, with its last lines', async () => {
    const failure = (await find('../exit-early.cjs').catch((e: unknown) => e)) as CheckupError;
    expect(failure.code).toBe('CHK_TARGET_EXITED_EARLY');
    expect(failure.details?.join('\n')).toContain('DATABASE_URL is not set');
  });

  it('stops when asked (stopFindRoutes), with CHK_INTERRUPTED and the app taken down', async () => {
    const finding = find('../never-listens.cjs', NODES['20'], { readyTimeoutSec: 60 }).catch((e: unknown) => e);
    expect(await waitFor(() => processesWith('never-listens.cjs').length > 0, 10_000)).toBe(true);
    expect(await engine.stopFindRoutes({})).toEqual({ stopped: true });
    expect(((await finding) as CheckupError).code).toBe('CHK_INTERRUPTED');
    await expectGone('never-listens.cjs');
  });
});
