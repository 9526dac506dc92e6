'use strict';
// A shop's order-status API on Express 5 and MariaDB (mysql2). openPool creates the app's pool with connectionLimit: 1
// (a value left from a single-user prototype), so every request's two short indexed queries (orderStatus: the order
// by primary key, then its lines' totals through an index on order_id) wait for the one connection while ten to
// twenty clients are in flight. The database and the event loop have capacity to spare; the pool is the queue.
const express = require('express5');
const mysql = require('mysql2/promise');

const config = { host: process.env.MYSQL_HOST, port: Number(process.env.MYSQL_PORT), user: process.env.MYSQL_USER, password: process.env.MYSQL_PWD || '' };

async function seed() {
  const admin = await mysql.createConnection({ ...config, multipleStatements: true });
  await admin.query(`
    CREATE DATABASE IF NOT EXISTS shop;
    USE shop;
    DROP TABLE IF EXISTS order_lines;
    DROP TABLE IF EXISTS orders;
    CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, status VARCHAR(20) NOT NULL, placed_at DATETIME NOT NULL,
      carrier VARCHAR(20) NOT NULL, KEY by_customer (customer_id)) ENGINE=InnoDB;
    INSERT INTO orders SELECT seq, 1 + seq MOD 7000, ELT(1 + seq MOD 4, 'paid', 'packed', 'shipped', 'delivered'),
      TIMESTAMP '2026-01-01 00:00:00' + INTERVAL seq * 7 MINUTE, ELT(1 + seq MOD 3, 'dhl', 'ups', 'gls') FROM seq_1_to_50000;
    CREATE TABLE order_lines (id INT PRIMARY KEY, order_id INT NOT NULL, sku VARCHAR(20) NOT NULL, qty INT NOT NULL, price_cents INT NOT NULL,
      KEY by_order (order_id)) ENGINE=InnoDB;
    INSERT INTO order_lines SELECT seq, 1 + seq MOD 50000, CONCAT('SKU-', seq MOD 4000), 1 + seq MOD 4, 199 + seq * 7919 MOD 8000 FROM seq_1_to_200000;
    ANALYZE TABLE orders, order_lines;
  `);
  await admin.end();
}

let pool;
function openPool() {
  pool = mysql.createPool({ ...config, database: 'shop', connectionLimit: 1, waitForConnections: true, queueLimit: 0 });
}

async function orderStatus(id) {
  const [orders] = await pool.query('SELECT id, customer_id, status, placed_at, carrier FROM orders WHERE id = ?', [id]);
  if (orders.length === 0) return null;
  const [totals] = await pool.query('SELECT COUNT(*) AS line_count, SUM(qty) AS items, SUM(qty * price_cents) AS total_cents FROM order_lines WHERE order_id = ?', [id]);
  return { ...orders[0], ...totals[0] };
}

const app = express();
app.get('/orders/:id/status', async (req, res) => {
  const order = await orderStatus(Number(req.params.id));
  if (!order) return res.status(404).json({ error: 'no such order' });
  res.json(order);
});

let server;
seed().then(() => {
  openPool();
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`express5-mysql2-pool-of-one-order-status listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => (pool ? pool.end() : Promise.resolve()).finally(() => process.exit(0));
  if (!server) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
