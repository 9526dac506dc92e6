'use strict';
// A public transport timetable API on Koa with the usual chain of small middlewares (request id, response time,
// security headers, CORS, conditional GET with ETag, locale, API-key check against a Set, a per-key request counter
// trimmed each minute, and error shaping) in front of small JSON answers from memory. The traffic is modest (150
// requests a second) and every request is cheap. Nothing is wrong.
const crypto = require('node:crypto');
const Koa = require('koa');
const Router = require('@koa/router');

const API_KEYS = new Set(['k-city-app', 'k-kiosk', 'k-partner-22']);
const perKeyCount = new Map();
const resetCounts = setInterval(() => perKeyCount.clear(), 60_000);
resetCounts.unref();

const stops = {};
for (let i = 0; i < 120; i++) {
  stops[`S${100 + i}`] = { id: `S${100 + i}`, name: `Stop ${i}`, lines: [`${1 + (i % 9)}`, `${10 + (i % 5)}`], departures: Array.from({ length: 6 }, (_, k) => `${String(6 + k * 2).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}`) };
}

let serial = 0;
const app = new Koa();
app.silent = true;
app.use(async function errorShape(ctx, next) {
  try {
    await next();
  } catch (err) {
    ctx.status = err.status || 500;
    ctx.body = { error: err.expose ? err.message : 'internal error' };
  }
});
app.use(async function requestId(ctx, next) {
  ctx.state.requestId = ctx.get('x-request-id') || `r${(serial++).toString(36)}`;
  ctx.set('x-request-id', ctx.state.requestId);
  await next();
});
app.use(async function responseTime(ctx, next) {
  const t0 = process.hrtime.bigint();
  await next();
  ctx.set('x-response-time', `${Number(process.hrtime.bigint() - t0) / 1e6}ms`);
});
app.use(async function securityHeaders(ctx, next) {
  ctx.set('x-content-type-options', 'nosniff');
  ctx.set('x-frame-options', 'DENY');
  ctx.set('referrer-policy', 'no-referrer');
  await next();
});
app.use(async function cors(ctx, next) {
  ctx.set('access-control-allow-origin', '*');
  await next();
});
app.use(async function locale(ctx, next) {
  ctx.state.locale = ctx.acceptsLanguages('en', 'de', 'nl') || 'en';
  await next();
});
app.use(async function apiKey(ctx, next) {
  const key = ctx.get('x-api-key');
  ctx.assert(API_KEYS.has(key), 401, 'unknown API key');
  perKeyCount.set(key, (perKeyCount.get(key) || 0) + 1);
  await next();
});
app.use(async function conditionalGet(ctx, next) {
  await next();
  if (ctx.body && ctx.status === 200) {
    const etag = `"${crypto.createHash('sha1').update(JSON.stringify(ctx.body)).digest('base64url')}"`;
    ctx.set('etag', etag);
    if (ctx.get('if-none-match') === etag) ctx.status = 304;
  }
});
const router = new Router();
router.get('/stops/:id', (ctx) => {
  const stop = stops[ctx.params.id];
  ctx.assert(stop, 404, 'no such stop');
  ctx.body = { ...stop, locale: ctx.state.locale };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-middleware-chain-modest-rate listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
