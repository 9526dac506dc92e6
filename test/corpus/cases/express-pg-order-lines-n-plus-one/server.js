'use strict';
// A shop's account pages on Express and PostgreSQL (pg). GET /customers/:id/orders lists a customer's last 25 orders
// with their lines: listCustomerOrders runs one query for the orders, then loadLines runs one more query per order,
// awaited one after another (an N+1). The pool is also small (max 3) for the traffic; with one query per page it would
// be plenty, with 26 it is not.
const express = require('express');
const { Pool } = require('pg');

const pool = new Pool({ max: 3 });

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS order_lines; DROP TABLE IF EXISTS orders;
    CREATE TABLE orders (id serial PRIMARY KEY, customer_id int NOT NULL, placed_at timestamptz NOT NULL, status text NOT NULL);
    CREATE TABLE order_lines (id serial PRIMARY KEY, order_id int NOT NULL REFERENCES orders(id), sku text NOT NULL, qty int NOT NULL, cents int NOT NULL);
    INSERT INTO orders (customer_id, placed_at, status)
      SELECT 1 + (g % 400), timestamptz '2026-01-01' + g * interval '7 minutes', (ARRAY['paid','shipped','delivered'])[1 + g % 3]
      FROM generate_series(1, 20000) g;
    INSERT INTO order_lines (order_id, sku, qty, cents)
      SELECT 1 + (g % 20000), 'SKU-' || (g * 7919 % 900), 1 + g % 4, 199 + (g * 37 % 9000)
      FROM generate_series(1, 80000) g;
    CREATE INDEX orders_customer ON orders (customer_id, placed_at DESC);
    CREATE INDEX order_lines_order ON order_lines (order_id);
    ANALYZE orders; ANALYZE order_lines;
  `);
}

async function loadLines(orderId) {
  const { rows } = await pool.query('SELECT sku, qty, cents FROM order_lines WHERE order_id = $1 ORDER BY id', [orderId]);
  return rows;
}

async function listCustomerOrders(customerId) {
  const { rows: orders } = await pool.query('SELECT id, placed_at, status FROM orders WHERE customer_id = $1 ORDER BY placed_at DESC LIMIT 25', [customerId]);
  for (const order of orders) {
    order.lines = await loadLines(order.id);
    order.total = order.lines.reduce((sum, l) => sum + l.qty * l.cents, 0);
  }
  return orders;
}

const app = express();
app.disable('x-powered-by');
app.get('/customers/:id/orders', async (req, res, next) => {
  try {
    res.json(await listCustomerOrders(Number(req.params.id)));
  } catch (err) {
    next(err);
  }
});

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`express-pg-order-lines-n-plus-one listening on http://127.0.0.1:${server.address().port}`);
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
