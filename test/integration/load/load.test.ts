// The load generator against real servers on loopback: figures agree with what the servers counted.
import { existsSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LoadSpecSchema, type LoadSpec } from '../../../app/contract/recipe.js';
import type { LoadTick } from '../../../app/contract/metrics.js';
import { CheckupError } from '../../../app/errors.js';
import { startLoad, type LoadPhase } from '../../../app/load/index.js';
import { compiledEntry } from '../../../app/paths.js';
import { sleep, startServer, type CountingServer } from './servers.js';

const spec = (input: Record<string, unknown>): LoadSpec => LoadSpecSchema.parse(input);
let server: CountingServer | undefined;

beforeAll(() => {
  if (!existsSync(compiledEntry('app/load/load-worker'))) throw new Error('compile first: node scripts/build.js --no-renderer');
});

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  return undefined;
}

describe('load against a real server', () => {
  it('excludes warm-up, waits for onMeasureStart, and agrees with the server count', async () => {
    const arrivals: number[] = [];
    // 10 ms per response caps 10 connections at ~1000 requests/s, whatever the machine.
    server = await startServer((_req, res) => {
      arrivals.push(Date.now());
      setTimeout(() => res.end('hello'), 10);
    });
    const ticks: LoadTick[] = [];
    const phases: LoadPhase[] = [];
    let warmupCount = -1;
    let countAfterWait = -1;
    let hookDoneAt = 0;
    const run = startLoad(spec({ warmupSec: 1, durationSec: 2, connections: 10 }), { host: '127.0.0.1', port: server.port }, {
      onTick: (t) => ticks.push(t),
      onPhase: (p) => phases.push(p),
      onMeasureStart: async () => {
        warmupCount = server!.count;
        await sleep(300);
        countAfterWait = server!.count;
        hookDoneAt = Date.now();
      },
    });
    const result = await run.result;
    const measuredAtServer = server.count - warmupCount;

    expect(phases).toEqual(['warmup', 'measuring', 'done']);
    expect(warmupCount).toBeGreaterThan(50);
    expect(countAfterWait).toBe(warmupCount);
    expect(run.window?.startMs).toBeGreaterThanOrEqual(hookDoneAt);

    // Requests still in flight when the load ends reached the server but were never answered: at most one per connection.
    expect(result.requestsTotal).toBeLessThanOrEqual(measuredAtServer);
    expect(result.requestsTotal).toBeGreaterThanOrEqual(measuredAtServer - 10);
    expect(result.durationSec).toBeGreaterThan(1.9);
    expect(result.durationSec).toBeLessThan(2.3);

    // The rate the server saw inside the reported window, counted independently.
    const { startMs, endMs } = run.window as { startMs: number; endMs: number };
    const inWindow = arrivals.filter((t) => t >= startMs && t <= endMs).length;
    expect(Math.abs(result.requestsPerSecond - inWindow / ((endMs - startMs) / 1000)) / result.requestsPerSecond).toBeLessThan(0.05);
    expect(result.requestsPerSecond).toBeGreaterThan(200);
    expect(result.requestsPerSecond).toBeLessThan(1000);
    expect(result.latency.p50).toBeGreaterThanOrEqual(10);
    expect(result.latency.p50).toBeLessThan(60);
    expect(result.latency.max).toBeGreaterThanOrEqual(result.latency.p99);
    expect(result.statusCodes).toEqual({ '200': result.requestsTotal });
    expect(result.throughputBytesPerSec).toBeGreaterThan(result.requestsPerSecond * 5);

    const warm = ticks.filter((t) => t.phase === 'warmup');
    const measured = ticks.filter((t) => t.phase === 'measure');
    expect(warm.map((t) => t.second)).toEqual([-1]);
    expect(measured.map((t) => t.second)).toEqual([0, 1]);
    expect(measured.map((t) => t.requests)).toEqual(result.requestsPerSecondSeries);
    expect(result.requestsPerSecondSeries.reduce((a, b) => a + b, 0)).toBe(result.requestsTotal);
    for (const t of measured) {
      expect(t.latencyP50).toBeGreaterThanOrEqual(10);
      expect(t.latencyMax).toBeGreaterThanOrEqual(t.latencyP99);
    }
  });

  it('sends every request of the rotation, with its method, headers and body', async () => {
    server = await startServer();
    const load = spec({
      warmupSec: 0,
      amount: 300,
      connections: 3,
      requests: [{ path: '/a' }, { path: '/b', method: 'POST', body: 'hello' }, { path: '/c', headers: { 'x-test': 'yes' } }],
    });
    const result = await startLoad(load, { host: '127.0.0.1', port: server.port }).result;
    expect(result.requestsTotal).toBe(300);
    expect(server.count).toBe(300);
    for (const route of ['GET /a', 'POST /b', 'GET /c']) expect(server.byRoute.get(route) ?? 0).toBeGreaterThanOrEqual(90);
    expect(server.bodies.get('hello')).toBe(server.byRoute.get('POST /b'));
    expect(server.testHeaders.get('yes')).toBe(server.byRoute.get('GET /c'));
  });

  it('sends a new id in place of [<id>] in every request, so that unique writes keep working', async () => {
    server = await startServer();
    const load = spec({ warmupSec: 0, amount: 200, connections: 4, requests: [{ path: '/users', method: 'POST', body: '{"email":"u[<id>]@example.com"}' }] });
    const result = await startLoad(load, { host: '127.0.0.1', port: server.port }).result;
    expect(result.requestsTotal).toBe(200);
    const bodies = [...server.bodies.keys()];
    expect(bodies).toHaveLength(200);
    for (const body of bodies) expect(JSON.parse(body).email).toMatch(/^u[\w-]+@example\.com$/);
  });

  it('counts non-2xx responses and status codes', async () => {
    server = await startServer((req, res) => {
      res.statusCode = req.url === '/fail' ? 500 : 200;
      res.end();
    });
    const ticks: LoadTick[] = [];
    const load = spec({ warmupSec: 0, amount: 200, connections: 2, requests: [{ path: '/ok' }, { path: '/fail' }] });
    const result = await startLoad(load, { host: '127.0.0.1', port: server.port }, { onTick: (t) => ticks.push(t) }).result;
    expect(result.non2xx).toBe(100);
    expect(result.statusCodes).toEqual({ '200': 100, '500': 100 });
    expect(ticks.reduce((a, t) => a + t.non2xx, 0)).toBe(100);
  });

  it('counts connection errors from a server that resets connections', async () => {
    // A TCP reset, not a clean close: autocannon quietly reconnects after a FIN and counts nothing.
    server = await startServer((req) => req.socket.resetAndDestroy());
    const ticks: LoadTick[] = [];
    const load = spec({ warmupSec: 0, durationSec: 1, connections: 2 });
    const result = await startLoad(load, { host: '127.0.0.1', port: server.port }, { onTick: (t) => ticks.push(t) }).result;
    expect(result.errors).toBeGreaterThan(10);
    expect(result.requestsTotal).toBe(0);
    expect(ticks.reduce((a, t) => a + t.errors, 0)).toBe(result.errors);
  });

  it('counts timeouts from a server that never answers', async () => {
    server = await startServer(() => undefined);
    const result = await startLoad(spec({ warmupSec: 0, durationSec: 2, timeoutSec: 1, connections: 2 }), { host: '127.0.0.1', port: server.port }).result;
    expect(result.timeouts).toBeGreaterThanOrEqual(2);
    expect(result.errors).toBeGreaterThanOrEqual(result.timeouts);
    expect(result.requestsTotal).toBe(0);
  });

  it('stops after `amount` requests, with the window ending at the last response', async () => {
    server = await startServer();
    const run = startLoad(spec({ warmupSec: 0, amount: 500, connections: 5 }), { host: '127.0.0.1', port: server.port });
    const result = await run.result;
    expect(result.requestsTotal).toBe(500);
    expect(server.count).toBe(500);
    // 500 requests to a hello-world take well under a second; autocannon only notices at its next 1 s sample.
    expect(result.durationSec).toBeLessThan(0.9);
    expect(result.requestsPerSecond).toBeCloseTo(500 / result.durationSec, 6);
  });

  it('limits the rate', async () => {
    server = await startServer();
    const result = await startLoad(spec({ warmupSec: 0, durationSec: 2, rate: 40, connections: 10 }), { host: '127.0.0.1', port: server.port }).result;
    // A hello-world answers thousands per second here; at 40/s for 2 s we expect about 80. autocannon limits each
    // connection per 1 s window counted from its own start, so a run can send one window more than rate x duration.
    expect(result.requestsTotal).toBeGreaterThanOrEqual(60);
    expect(result.requestsTotal).toBeLessThanOrEqual(40 * 3);
    expect(server.count).toBeLessThanOrEqual(40 * 3);
  });
});

describe('stopping and failing', () => {
  it('stop() during the measured phase returns the partial result quickly and ends the load', async () => {
    server = await startServer();
    const phases: LoadPhase[] = [];
    const run = startLoad(spec({ warmupSec: 0, durationSec: 60 }), { host: '127.0.0.1', port: server.port }, { onPhase: (p) => phases.push(p) });
    while (run.phase !== 'measuring') await sleep(20);
    await sleep(1200);
    const asked = Date.now();
    const partial = await run.stop();
    expect(Date.now() - asked).toBeLessThan(2000);
    expect(partial).toBeDefined();
    expect(partial!.requestsTotal).toBeGreaterThan(0);
    expect(partial!.durationSec).toBeGreaterThan(1);
    expect(partial!.durationSec).toBeLessThan(4);
    expect(await run.result).toBe(partial);
    expect(phases.at(-1)).toBe('stopped');
    const countAtStop = server.count;
    await sleep(300);
    expect(server.count).toBe(countAtStop);
    expect(await server.openConnections()).toBe(0);
    expect(await run.stop()).toBe(partial);
  });

  it('stop() during warm-up returns at once, and result rejects as interrupted', async () => {
    server = await startServer();
    const run = startLoad(spec({ warmupSec: 30, durationSec: 5 }), { host: '127.0.0.1', port: server.port });
    while (server.count < 100) await sleep(20);
    const asked = Date.now();
    expect(await run.stop()).toBeUndefined();
    expect(Date.now() - asked).toBeLessThan(1000);
    const err = await errorOf(run.result);
    expect((err as CheckupError).code).toBe('CHK_INTERRUPTED');
    expect(run.phase).toBe('stopped');
    const countAtStop = server.count;
    await sleep(300);
    expect(server.count).toBe(countAtStop);
    expect(await server.openConnections()).toBe(0);
  });

  it('stop() while onMeasureStart is still pending ends the run without measuring', async () => {
    server = await startServer();
    let hookCalled = false;
    const run = startLoad(spec({ warmupSec: 0, durationSec: 5 }), { host: '127.0.0.1', port: server.port }, {
      onMeasureStart: () => {
        hookCalled = true;
        return new Promise<void>(() => undefined);
      },
    });
    await sleep(200);
    expect(hookCalled).toBe(true);
    expect(run.phase).toBe('waiting');
    expect(await run.stop()).toBeUndefined();
    expect(((await errorOf(run.result)) as CheckupError).code).toBe('CHK_INTERRUPTED');
    expect(server.count).toBe(0);
  });

  it('a failing onMeasureStart stops the load and rejects with its error', async () => {
    server = await startServer();
    const boom = new Error('profiler failed');
    const run = startLoad(spec({ warmupSec: 1, durationSec: 5 }), { host: '127.0.0.1', port: server.port }, {
      onMeasureStart: () => Promise.reject(boom),
    });
    expect(await errorOf(run.result)).toBe(boom);
    expect(run.phase).toBe('failed');
    const count = server.count;
    await sleep(300);
    expect(server.count).toBe(count);
  });

  it('a worker that cannot start gives CHK_LOAD_FAILED', async () => {
    const run = startLoad(spec({ warmupSec: 0, durationSec: 1 }), { host: '127.0.0.1', port: 9 }, {}, { workerEntry: '/nonexistent/load-worker.js' });
    const err = await errorOf(run.result);
    expect(err).toBeInstanceOf(CheckupError);
    expect((err as CheckupError).code).toBe('CHK_LOAD_FAILED');
    expect(await run.stop()).toBeUndefined();
  });
});
