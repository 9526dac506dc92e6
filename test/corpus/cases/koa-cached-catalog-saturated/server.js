'use strict';
// A catalogue API that answers from a cache: each category's JSON is serialised once, at start-up, and served as-is.
// A hundred clients keep the process at full CPU, but each answer costs microseconds; requests only wait for their
// turn. Nothing is wrong.
const Koa = require('koa');
const Router = require('@koa/router');

const cache = new Map();
for (const category of ['books', 'games', 'music']) {
  const items = [];
  for (let i = 0; i < 30; i++) items.push({ id: `${category}-${i}`, title: `${category} item ${i}`, price: 5 + (i % 20) });
  cache.set(category, JSON.stringify({ category, items }));
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/catalog/:category', (ctx) => {
  const body = cache.get(ctx.params.category);
  if (!body) ctx.throw(404, 'no such category');
  ctx.type = 'application/json';
  ctx.body = body;
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-cached-catalog-saturated listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
