'use strict';
// A notes API on Koa. simulateLatency, a middleware added during a front-end demo to make loading spinners visible,
// was never removed: it awaits a 150 ms setTimeout before every request reaches its route. The handlers themselves
// answer from memory in microseconds, so almost all of each request's time is a timer wait: the event loop idles,
// nothing is computed, and throughput is bounded by concurrency / 150 ms.
const Koa = require('koa');
const Router = require('@koa/router');
const { setTimeout: sleep } = require('node:timers/promises');

const DEMO_LATENCY_MS = 150;

async function simulateLatency(ctx, next) {
  await sleep(DEMO_LATENCY_MS);
  await next();
}

const notes = new Map(Array.from({ length: 500 }, (_, i) => [String(i + 1), { id: i + 1, title: `Note ${i + 1}`, body: `Body of note ${i + 1}`, tags: ['work', 'home', 'ideas'].slice(0, 1 + (i % 3)) }]));

const app = new Koa();
const router = new Router();
router.get('/notes/:id', (ctx) => {
  const note = notes.get(ctx.params.id);
  if (!note) {
    ctx.status = 404;
    ctx.body = { error: 'no such note' };
    return;
  }
  ctx.body = note;
});
router.get('/notes', (ctx) => {
  ctx.body = [...notes.values()].slice(0, 20).map(({ id, title }) => ({ id, title }));
});
app.use(simulateLatency);
app.use(router.routes());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-simulated-latency-middleware listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
