'use strict';
// A shop's order history API on Express and PostgreSQL (pg). GET /customers/:id/orders lists a customer's latest 20
// orders with one indexed query; the pool has ten connections for the ten clients of the load. Nothing to fix: each
// request waits a millisecond or two on the database and the process mostly idles.
const express = require('express');
const { Pool } = require('pg');

const pool = new Pool({ max: 10, idleTimeoutMillis: 30000 });

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS orders;
    CREATE TABLE orders (id bigserial PRIMARY KEY, customer_id int NOT NULL, placed_at timestamptz NOT NULL, status text NOT NULL, total_cents int NOT NULL);
    INSERT INTO orders (customer_id, placed_at, status, total_cents)
      SELECT 1 + (g % 2000), timestamptz '2025-06-01' + g * interval '90 seconds', (ARRAY['paid','shipped','delivered','refunded'])[1 + g % 4], 500 + (g * 7919) % 40000
      FROM generate_series(1, 100000) g;
    CREATE INDEX orders_customer ON orders (customer_id, placed_at DESC);
    ANALYZE orders;
  `);
}

async function latestOrders(customerId) {
  const { rows } = await pool.query(
    'SELECT id, placed_at, status, total_cents FROM orders WHERE customer_id = $1 ORDER BY placed_at DESC LIMIT 20',
    [customerId],
  );
  return rows;
}

const app = express();
app.get('/customers/:id/orders', async (req, res, next) => {
  try {
    const orders = await latestOrders(Number(req.params.id));
    res.json({ customer: Number(req.params.id), orders });
  } catch (err) {
    next(err);
  }
});

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`express-pg-orders-pool-right-sized listening on http://127.0.0.1:${server.address().port}`);
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
