'use strict';
// A shop's storefront on Koa with carts in Redis (ioredis). GET /carts/:id answers a cart (one HGETALL) together with
// the "N shoppers are checking out right now" badge, which countActiveCarts computes with KEYS checkout:* on every
// request. Only 300 carts are in checkout, but KEYS walks the whole keyspace (60,300 keys) to find them: it is O(n)
// and Redis runs one command at a time, so this one command is slow in itself and every other command waits behind
// it; a counter kept up to date (or SCARD of a set) would be a single cheap read.
const Koa = require('koa');
const Router = require('@koa/router');
const { Redis } = require('ioredis');

const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });

async function seed() {
  await redis.connect();
  await redis.flushdb();
  for (let start = 0; start < 60000; start += 5000) {
    const batch = redis.pipeline();
    for (let i = start; i < start + 5000; i++) {
      batch.hset(`cart:${i}`, { items: String(1 + (i % 7)), total_cents: String(999 + ((i * 7919) % 30000)) });
      if (i % 200 === 0) batch.set(`checkout:${i}`, String(Date.now()));
    }
    await batch.exec();
  }
}

async function loadCart(id) {
  return redis.hgetall(`cart:${id}`);
}

async function countActiveCarts() {
  const keys = await redis.keys('checkout:*');
  return keys.length;
}

const router = new Router();
router.get('/carts/:id', async (ctx) => {
  const [cart, activeCarts] = await Promise.all([loadCart(ctx.params.id), countActiveCarts()]);
  ctx.body = { cart, activeCarts };
});
const app = new Koa();
app.use(router.routes());

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`koa-redis-keys-active-carts listening on http://127.0.0.1:${server.address().port}`);
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
