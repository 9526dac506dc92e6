'use strict';
// A Koa API that keeps per-request context (user, trace id, timings) for its logging and metrics helpers in a
// module-level Map keyed by the request object. It was written as if it were a WeakMap, and nothing deletes the
// entries: every request object (with its headers and socket references) and its context stay reachable forever.
const Koa = require('koa');
const Router = require('@koa/router');

const contexts = new Map();
let traceCounter = 0;

function contextFor(req) {
  let context = contexts.get(req);
  if (!context) {
    context = { traceId: `trace-${++traceCounter}`, user: String(req.headers.authorization || '').replace(/^Bearer /, ''), startedAt: Date.now(), headers: { ...req.headers }, marks: [] };
    contexts.set(req, context);
  }
  return context;
}

const ORDERS = Array.from({ length: 20 }, (_, i) => ({ id: 1000 + i, total: 25 + ((i * 37) % 300), status: i % 3 === 0 ? 'shipped' : 'open' }));

const app = new Koa();
app.silent = true;
app.use(async (ctx, next) => {
  const context = contextFor(ctx.req);
  context.marks.push(['start', Date.now()]);
  await next();
  context.marks.push(['end', Date.now()]);
  ctx.set('x-trace-id', context.traceId);
});
const router = new Router();
router.get('/me', (ctx) => {
  const { user } = contextFor(ctx.req);
  ctx.body = { user, plan: 'team' };
});
router.get('/orders', (ctx) => {
  const limit = Math.min(Number(ctx.query.limit) || 10, 20);
  ctx.body = { user: contextFor(ctx.req).user, orders: ORDERS.slice(0, limit) };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-request-context-map listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
