'use strict';
// A customer account API on Express 5, MariaDB (mysql2, a pool of 10) and Redis (ioredis), written with care. Each
// request's bearer token is looked up in Redis (sessions live there, with a TTL); GET /account/orders reads the
// customer's ten latest orders through an index, GET /products/:id is read through a Redis cache (one GET,
// filled from MariaDB on a miss with a 5-minute TTL), POST /account/cart adds a line with one INSERT. Prepared
// statements, pino at warn. At the story's moderate rate every request is a few short round trips; nothing to fix.
const express = require('express5');
const mysql = require('mysql2/promise');
const Redis = require('ioredis');
const pino = require('pino');

const log = pino({ level: process.env.LOG_LEVEL || 'warn' });
const config = { host: process.env.MYSQL_HOST, port: Number(process.env.MYSQL_PORT), user: process.env.MYSQL_USER, password: process.env.MYSQL_PWD || '' };
const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
let pool;

async function seed() {
  const admin = await mysql.createConnection({ ...config, multipleStatements: true });
  await admin.query(`
    CREATE DATABASE IF NOT EXISTS accounts;
    USE accounts;
    DROP TABLE IF EXISTS cart_lines;
    DROP TABLE IF EXISTS orders;
    DROP TABLE IF EXISTS products;
    CREATE TABLE products (id INT PRIMARY KEY, name VARCHAR(80) NOT NULL, price_cents INT NOT NULL, description TEXT NOT NULL) ENGINE=InnoDB;
    INSERT INTO products SELECT seq, CONCAT('Product ', seq), 299 + (seq * 7919) % 30000, CONCAT('A sturdy product number ', seq, ' with a short description.') FROM seq_1_to_5000;
    CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, status VARCHAR(12) NOT NULL, total_cents INT NOT NULL,
      placed_at DATETIME NOT NULL, KEY by_customer (customer_id, placed_at)) ENGINE=InnoDB;
    INSERT INTO orders SELECT seq, 1 + seq % 2000, ELT(1 + seq % 3, 'paid', 'shipped', 'delivered'), 500 + (seq * 31) % 40000,
      '2026-01-01' + INTERVAL (seq % 330) DAY FROM seq_1_to_60000;
    CREATE TABLE cart_lines (id BIGINT AUTO_INCREMENT PRIMARY KEY, customer_id INT NOT NULL, product_id INT NOT NULL, qty INT NOT NULL,
      added_at DATETIME NOT NULL, KEY by_customer (customer_id)) ENGINE=InnoDB;
  `);
  await admin.end();
  pool = mysql.createPool({ ...config, database: 'accounts', connectionLimit: 10 });
  await redis.connect();
  const sessions = redis.pipeline();
  for (let c = 1; c <= 50; c++) sessions.set(`session:token-${c}`, JSON.stringify({ customerId: c * 37, name: `Customer ${c * 37}` }), 'EX', 3600);
  await sessions.exec();
  await redis.del(...Array.from({ length: 20 }, (_, i) => `product:${i + 1}`));
}

async function sessionFrom(req) {
  const token = String(req.headers.authorization || '').replace(/^Bearer /, '');
  const raw = token && (await redis.get(`session:${token}`));
  return raw ? JSON.parse(raw) : null;
}

async function latestOrders(customerId) {
  const [rows] = await pool.execute('SELECT id, status, total_cents, placed_at FROM orders WHERE customer_id = ? ORDER BY placed_at DESC LIMIT 10', [customerId]);
  return rows.map((r) => ({ id: r.id, status: r.status, total: r.total_cents / 100, placedAt: r.placed_at }));
}

async function productById(id) {
  const cached = await redis.get(`product:${id}`);
  if (cached) return JSON.parse(cached);
  const [rows] = await pool.execute('SELECT id, name, price_cents, description FROM products WHERE id = ?', [id]);
  const product = rows[0] ? { id: rows[0].id, name: rows[0].name, price: rows[0].price_cents / 100, description: rows[0].description } : null;
  if (product) await redis.set(`product:${id}`, JSON.stringify(product), 'EX', 300);
  return product;
}

async function addToCart(customerId, productId, qty) {
  const [result] = await pool.execute('INSERT INTO cart_lines (customer_id, product_id, qty, added_at) VALUES (?, ?, ?, NOW())', [customerId, productId, qty]);
  return { lineId: result.insertId, productId, qty };
}

const app = express();
app.use(express.json({ limit: '16kb' }));
app.use(async (req, res, next) => {
  if (req.path === '/health' || req.path.startsWith('/products/')) return next();
  req.session = await sessionFrom(req);
  if (!req.session) return res.status(401).json({ error: 'sign in' });
  next();
});
app.get('/account/orders', async (req, res) => {
  res.json({ customer: req.session.name, orders: await latestOrders(req.session.customerId) });
});
app.get('/products/:id', async (req, res) => {
  const product = await productById(Number(req.params.id) || 0);
  if (!product) return res.status(404).json({ error: 'no such product' });
  res.json(product);
});
app.post('/account/cart', async (req, res) => {
  const body = req.body || {};
  res.status(201).json(await addToCart(req.session.customerId, Number(body.productId) || 1, Math.max(1, Math.min(9, Number(body.qty) || 1))));
});
app.get('/health', (req, res) => res.json({ ok: true }));
app.use((err, req, res, _next) => {
  log.error({ err }, 'request failed');
  res.status(500).json({ error: 'internal' });
});

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`express5-mariadb-redis-session-orders-moderate listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => Promise.allSettled([pool && pool.end(), redis.quit()]).finally(() => process.exit(0));
  if (!server || !server.listening) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
