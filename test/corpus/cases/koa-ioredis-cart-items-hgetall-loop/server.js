'use strict';
// A shopping-cart API on Koa with the carts and the catalogue in Redis (ioredis). GET /carts/:id runs listCart:
// SMEMBERS of the cart's set (40 item ids), then, one after another, itemDetails for each id, which is one HGETALL of
// the item's hash. Forty-one round trips to Redis per page, each waiting for the last, where one pipeline (or an
// MGET of JSON values) would fetch them all at once. Redis answers each in microseconds.
const Koa = require('koa');
const Router = require('@koa/router');
const Redis = require('ioredis');

const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
const ITEMS = 2000;
const CARTS = 50;
const PER_CART = 40;

async function seed() {
  await redis.connect();
  const p = redis.pipeline();
  for (let i = 1; i <= ITEMS; i++) {
    p.del(`ci:item:${i}`);
    p.hset(`ci:item:${i}`, { name: `Item ${i}`, priceCents: String(199 + ((i * 7919) % 9000)), stock: String((i * 13) % 400), colour: ['red', 'blue', 'grey', 'green'][i % 4] });
  }
  for (let c = 1; c <= CARTS; c++) {
    p.del(`ci:cart:${c}`);
    const ids = [];
    for (let k = 0; k < PER_CART; k++) ids.push(1 + ((c * 131 + k * 37) % ITEMS));
    p.sadd(`ci:cart:${c}`, ...ids);
  }
  await p.exec();
}

async function itemDetails(id) {
  const item = await redis.hgetall(`ci:item:${id}`);
  return { id: Number(id), name: item.name, priceCents: Number(item.priceCents), inStock: Number(item.stock) > 0, colour: item.colour };
}

async function listCart(cartId) {
  const ids = await redis.smembers(`ci:cart:${cartId}`);
  const items = [];
  for (const id of ids) items.push(await itemDetails(id));
  return items;
}

const router = new Router();
router.get('/carts/:id', async (ctx) => {
  const items = await listCart(Number(ctx.params.id));
  const totalCents = items.reduce((sum, i) => sum + i.priceCents, 0);
  ctx.body = { cart: Number(ctx.params.id), count: items.length, totalCents, items };
});
const app = new Koa();
app.use(router.routes());

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`koa-ioredis-cart-items-hgetall-loop listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => redis.quit().catch(() => {}).finally(() => process.exit(0));
  if (!server) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
