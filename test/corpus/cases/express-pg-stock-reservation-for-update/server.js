'use strict';
// A flash-sale checkout API on Express and PostgreSQL (pg Pool of 25 for 20 clients, pino on stderr). Every POST
// /orders runs reserveStock: one transaction that locks the SKU's stock row with SELECT ... FOR UPDATE, checks the
// quantity on hand, inserts the order and its audit event, decrements the stock and commits. The sale's two SKUs are
// what everybody buys, so every transaction waits in PostgreSQL for the lock of the same one or two rows, held across
// four round trips: each query is short and indexed, the pool has a connection per client, and the event loop idles.
const express = require('express');
const pino = require('pino');
const { Pool } = require('pg');

const log = pino({ level: 'warn' }, pino.destination(2));
const pool = new Pool({ max: 25 });

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS fs_order_events;
    DROP TABLE IF EXISTS fs_orders;
    DROP TABLE IF EXISTS fs_stock;
    CREATE TABLE fs_stock (sku text PRIMARY KEY, on_hand int NOT NULL, reserved int NOT NULL DEFAULT 0);
    INSERT INTO fs_stock SELECT 'SKU-' || g, 1000000000, 0 FROM generate_series(1, 5000) g;
    CREATE TABLE fs_orders (id bigserial PRIMARY KEY, sku text NOT NULL REFERENCES fs_stock(sku), qty int NOT NULL,
      customer text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE fs_order_events (id bigserial PRIMARY KEY, order_id bigint NOT NULL REFERENCES fs_orders(id),
      kind text NOT NULL, at timestamptz NOT NULL DEFAULT now());
    ANALYZE fs_stock;
  `);
}

async function reserveStock(sku, qty, customer) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query('SELECT on_hand, reserved FROM fs_stock WHERE sku = $1 FOR UPDATE', [sku]);
    if (!rows.length || rows[0].on_hand - rows[0].reserved < qty) {
      await client.query('ROLLBACK');
      return null;
    }
    const order = await client.query('INSERT INTO fs_orders (sku, qty, customer) VALUES ($1, $2, $3) RETURNING id, created_at', [sku, qty, customer]);
    await client.query("INSERT INTO fs_order_events (order_id, kind) VALUES ($1, 'reserved')", [order.rows[0].id]);
    await client.query('UPDATE fs_stock SET reserved = reserved + $2 WHERE sku = $1', [sku, qty]);
    await client.query('COMMIT');
    return { orderId: Number(order.rows[0].id), sku, qty, createdAt: order.rows[0].created_at };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

const app = express();
app.use(express.json());
app.post('/orders', async (req, res, next) => {
  try {
    const { sku, qty, customer } = req.body;
    const order = await reserveStock(sku, Number(qty) || 1, String(customer || 'guest'));
    if (!order) return res.status(409).json({ error: 'out of stock' });
    res.status(201).json(order);
  } catch (err) {
    log.error({ err }, 'order failed');
    next(err);
  }
});

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`express-pg-stock-reservation-for-update listening on http://127.0.0.1:${server.address().port}`);
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
