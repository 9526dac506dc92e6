// A retail chain's store summaries, an ES module (server.mjs) on plain node:http, with a Redis cache (ioredis) in
// front of a slow PostgreSQL aggregate (pg). storeSummary asks Redis first and only on a miss runs the aggregate over
// the store's sales (computeSummary, tens of milliseconds), then keeps the answer for five minutes. There are 30
// stores; after the first request for each, every request is one Redis GET. Nothing to fix.
import http from 'node:http';
import pg from 'pg';
import { Redis } from 'ioredis';

const pool = new pg.Pool({ max: 5 });
const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
const TTL_SECONDS = 300;

async function seed() {
  await redis.connect();
  await redis.flushdb();
  await pool.query(`
    DROP TABLE IF EXISTS sales;
    CREATE TABLE sales (id bigint PRIMARY KEY, store_id int NOT NULL, sku int NOT NULL, sold_at timestamptz NOT NULL, amount_cents int NOT NULL);
    INSERT INTO sales SELECT g, 1 + g % 30, 1 + (g::bigint * 37) % 5000, timestamptz '2026-01-01' + g * interval '1 minute', 100 + (g::bigint * 7919) % 20000
      FROM generate_series(1, 300000) g;
    ANALYZE sales;
  `);
}

async function computeSummary(storeId) {
  const { rows } = await pool.query(
    `SELECT count(*)::int AS sales, sum(amount_cents)::bigint AS revenue_cents, count(DISTINCT sku)::int AS skus,
            max(sold_at) AS last_sale
       FROM sales WHERE store_id = $1`,
    [storeId],
  );
  return { store: storeId, ...rows[0], revenue_cents: Number(rows[0].revenue_cents) };
}

async function storeSummary(storeId) {
  const key = `store-summary:${storeId}`;
  const cached = await redis.get(key);
  if (cached) return JSON.parse(cached);
  const summary = await computeSummary(storeId);
  await redis.set(key, JSON.stringify(summary), 'EX', TTL_SECONDS);
  return summary;
}

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const server = http.createServer(async (req, res) => {
  try {
    const m = /^\/stores\/(\d+)\/summary$/.exec(req.url);
    if (!m || Number(m[1]) < 1 || Number(m[1]) > 30) return send(res, 404, { error: 'not found' });
    send(res, 200, await storeSummary(Number(m[1])));
  } catch (err) {
    send(res, 500, { error: err.message });
  }
});

await seed();
server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-esm-redis-cache-store-summaries listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  const done = () => Promise.allSettled([pool.end(), redis.quit()]).finally(() => process.exit(0));
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
