'use strict';
// A catalogue API with a home-made "slow request report". trackTiming stores each request's start time, method, URL,
// user agent, referer, languages, accepted types, IP and query in a module-level Map keyed by a fresh request id, and
// after the response it reports and deletes the entry, but only inside the branch for slow requests (over 500 ms),
// which is where the report is built. Fast requests, nearly all of them, leave their entry behind forever. At the
// service's modest 500 requests/s memory creeps up by about a third of a megabyte a second.
const crypto = require('node:crypto');
const Koa = require('koa');
const Router = require('@koa/router');

const SLOW_MS = 500;
const timings = new Map();
const slowReport = [];

async function trackTiming(ctx, next) {
  const id = crypto.randomUUID();
  timings.set(id, { start: process.hrtime.bigint(), method: ctx.method, url: ctx.url, userAgent: ctx.get('user-agent'), referer: ctx.get('referer'), language: ctx.get('accept-language'), accept: ctx.get('accept'), ip: ctx.ip, query: { ...ctx.query } });
  ctx.set('x-request-id', id);
  await next();
  const entry = timings.get(id);
  const ms = Number(process.hrtime.bigint() - entry.start) / 1e6;
  if (ms > SLOW_MS) {
    slowReport.push({ ...entry, ms, start: undefined });
    if (slowReport.length > 100) slowReport.shift();
    timings.delete(id);
  }
}

const products = [];
for (let i = 0; i < 300; i++) products.push({ id: i, name: `Garden tool ${i}`, price: ((i * 17) % 200) + 0.99, stock: (i * 7) % 50 });

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/products', (ctx) => {
  const page = Number(ctx.query.page || 1);
  ctx.body = products.slice((page - 1) * 20, page * 20);
});
router.get('/products/:id', (ctx) => {
  const product = products[Number(ctx.params.id)];
  if (!product) ctx.throw(404, 'no such product');
  ctx.body = product;
});
router.get('/admin/slow-requests', (ctx) => {
  ctx.body = slowReport;
});
app.use(trackTiming);
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-slow-request-timings-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
