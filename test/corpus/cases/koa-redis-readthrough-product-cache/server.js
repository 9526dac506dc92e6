'use strict';
// A product detail API on Koa with a Redis read-through cache in front of PostgreSQL (ioredis, pg Pool of 5).
// getProduct reads `product:<id>` from Redis; on a miss it loads the product with one primary-key query and stores
// the JSON for ten minutes. The storefront asks for a small set of popular products, so after the first request per
// product every request is one Redis GET and a small JSON reply. Nothing here is wrong.
const Koa = require('koa');
const Router = require('@koa/router');
const Redis = require('ioredis');
const { Pool } = require('pg');

const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
const pool = new Pool({ max: 5 });

async function seed() {
  await redis.connect();
  await pool.query(`
    DROP TABLE IF EXISTS rt_products;
    CREATE TABLE rt_products (id int PRIMARY KEY, sku text NOT NULL, title text NOT NULL, price_cents int NOT NULL, stock int NOT NULL, summary text NOT NULL);
    INSERT INTO rt_products SELECT g, 'SKU-' || g, 'Product ' || g, 990 + (g::bigint * 7919) % 20000, (g * 17) % 250,
      'A well-made product, number ' || g || ', shipped within two days.' FROM generate_series(1, 20000) g;
    ANALYZE rt_products;
  `);
  const keys = await redis.keys('product:*');
  if (keys.length) await redis.del(...keys);
}

async function getProduct(id) {
  const cached = await redis.get(`product:${id}`);
  if (cached) return cached;
  const { rows } = await pool.query('SELECT id, sku, title, price_cents, stock, summary FROM rt_products WHERE id = $1', [id]);
  if (!rows.length) return null;
  const json = JSON.stringify(rows[0]);
  await redis.set(`product:${id}`, json, 'EX', 600);
  return json;
}

const router = new Router();
router.get('/products/:id', async (ctx) => {
  const json = await getProduct(Number(ctx.params.id));
  if (!json) {
    ctx.status = 404;
    return;
  }
  ctx.type = 'application/json';
  ctx.body = json;
});
const app = new Koa();
app.use(router.routes());

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`koa-redis-readthrough-product-cache listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => Promise.allSettled([pool.end(), redis.quit()]).finally(() => process.exit(0));
  if (!server) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
