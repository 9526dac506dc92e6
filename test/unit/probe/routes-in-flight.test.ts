// The routes part remembers each request from its start to its response's finish in a Map (cheaper per request than
// a WeakMap), so it must let go by itself of a request whose client left before the response: at the end of the
// window, not before, and never of one still being served; and it must tell apart requests pipelined and kept alive
// on one connection. Its count of requests in flight is what other-waits reads.
import { request, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { rootDir } from '../../../app/paths.js';
import { listenOnLoopback } from '../../helpers/loopback-server.js';

const require = createRequire(import.meta.url);
const { createRouteCollector } = require(join(rootDir, 'app', 'probe', 'routes.cjs')) as {
  createRouteCollector(p: typeof performance, o?: { turnEnd?: boolean }): { take(): { route: string; count: number }[]; inFlight(): number; stop(): void };
};

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((s) => s()));

const serve = (handler: Parameters<typeof listenOnLoopback>[0]) => listenOnLoopback(handler, stops);

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('requests in flight, as the routes part follows them', () => {
  it('counts a request until its response finishes, lets go of one whose client left, keeps one still served', async () => {
    const routes = createRouteCollector(performance);
    stops.push(() => routes.stop());
    const held: ServerResponse[] = [];
    const port = await serve((req, res) => {
      if (req.url === '/now') res.end('ok');
      else held.push(res); // answered later, or never
    });
    const get = (path: string) => {
      const r = request({ port, host: '127.0.0.1', path });
      r.on('error', () => undefined);
      r.end();
      return r;
    };
    await new Promise<void>((done) => get('/now').on('response', (res) => res.resume().on('end', done)));
    expect(routes.inFlight()).toBe(0);

    const left = get('/left');
    get('/slow');
    await until(() => held.length === 2);
    expect(routes.inFlight()).toBe(2);
    left.destroy();
    await until(() => held[0]!.destroyed);
    // Still remembered until the window ends...
    expect(routes.inFlight()).toBe(2);
    const window = routes.take();
    // ...then only the one whose client is still there.
    expect(routes.inFlight()).toBe(1);
    expect(window.map((r) => `${r.route} ${r.count}`)).toEqual(['/now 1']);

    held[1]!.end('late');
    await until(() => routes.inFlight() === 0);
    expect(routes.inFlight()).toBe(0);
    expect(routes.take().map((r) => `${r.route} ${r.count}`)).toEqual(['/slow 1']);
  });

  it('keeps a request whose body was read to its end while its answer is still being made (Node destroys the request)', async () => {
    const routes = createRouteCollector(performance);
    stops.push(() => routes.stop());
    const held: ServerResponse[] = [];
    const port = await serve((req, res) => {
      req.resume();
      req.on('end', () => held.push(res)); // a login reading its JSON body, then waiting on its hash or its database
    });
    const post = request({ port, host: '127.0.0.1', path: '/users/login', method: 'POST' });
    const answered = new Promise<void>((done) => post.on('response', (res) => res.resume().on('end', done)));
    post.end(JSON.stringify({ user: 'a', password: 'b' }));
    await until(() => held.length === 1 && (held[0]!.req as { destroyed?: boolean }).destroyed === true);
    expect(routes.inFlight()).toBe(1);
    // A window ends while it is still being answered: it must not be taken for a request whose client left.
    expect(routes.take()).toEqual([]);
    expect(routes.inFlight()).toBe(1);
    held[0]!.end('ok');
    await answered;
    await until(() => routes.inFlight() === 0);
    expect(routes.take().map((r) => `${r.route} ${r.count}`)).toEqual(['/users/login 1']);
  });

  it('follows requests pipelined and kept alive on one connection, each to its own route', async () => {
    const routes = createRouteCollector(performance);
    stops.push(() => routes.stop());
    const held: ServerResponse[] = [];
    const port = await serve((req, res) => {
      if (req.url === '/first') held.push(res);
      else res.end('ok');
    });
    const socket = connect(port, '127.0.0.1');
    stops.push(() => socket.destroy());
    let answers = 0;
    socket.on('data', (d: Buffer) => (answers += d.toString().split('HTTP/1.1 200').length - 1));
    const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;
    // Two requests in one write: the second starts while the first is still being answered.
    socket.write(get('/first') + get('/second'));
    await until(() => held.length === 1 && routes.inFlight() === 2);
    expect(routes.inFlight()).toBe(2);
    held[0]!.end('late');
    await until(() => answers === 2 && routes.inFlight() === 0);
    expect(routes.inFlight()).toBe(0);
    // Then one at a time on the same connection.
    for (let i = 1; i <= 3; i++) {
      socket.write(get(`/items/${i}`));
      await until(() => answers === 2 + i);
    }
    await until(() => routes.inFlight() === 0);
    expect(routes.take().map((r) => `${r.route} ${r.count}`).sort()).toEqual(['/first 1', '/items/:id 3', '/second 1']);
    socket.destroy();
    await until(() => socket.destroyed);
    expect(routes.inFlight()).toBe(0);
    expect(routes.take()).toEqual([]);
  });
});
