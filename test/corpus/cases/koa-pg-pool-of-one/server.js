'use strict';
// A banking dashboard API on Koa and PostgreSQL (pg). GET /accounts/:id/summary sums an account's last 200
// transactions by category, one indexed query of a few milliseconds. The pool was created with max: 1 (copied from
// the nightly migration script's settings, where one connection is right), so twenty dashboards in flight take turns
// on a single connection while the event loop idles.
const Koa = require('koa');
const Router = require('@koa/router');
const { Pool } = require('pg');

function makePool() {
  return new Pool({ max: 1, idleTimeoutMillis: 30000 });
}
const pool = makePool();

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS transactions;
    CREATE TABLE transactions (id bigserial PRIMARY KEY, account_id int NOT NULL, booked_at timestamptz NOT NULL, category text NOT NULL, cents int NOT NULL);
    INSERT INTO transactions (account_id, booked_at, category, cents)
      SELECT 1 + (g % 100), timestamptz '2025-01-01' + g * interval '3 minutes', (ARRAY['rent','food','travel','salary','fees','other'])[1 + g % 6], ((g::bigint * 7919) % 200000)::int - 100000
      FROM generate_series(1, 100000) g;
    CREATE INDEX transactions_account ON transactions (account_id, booked_at DESC);
    ANALYZE transactions;
  `);
}

async function accountSummary(accountId) {
  const { rows } = await pool.query(
    `SELECT category, count(*)::int AS n, sum(cents)::bigint AS cents
       FROM (SELECT category, cents FROM transactions WHERE account_id = $1 ORDER BY booked_at DESC LIMIT 200) recent
      GROUP BY category ORDER BY category`,
    [accountId],
  );
  return rows;
}

const router = new Router();
router.get('/accounts/:id/summary', async (ctx) => {
  ctx.body = { account: Number(ctx.params.id), categories: await accountSummary(Number(ctx.params.id)) };
});
const app = new Koa();
app.use(router.routes());

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`koa-pg-pool-of-one listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => pool.end().finally(() => process.exit(0));
  if (!server) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
