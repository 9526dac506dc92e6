'use strict';
// A back-office API on plain node:http and MariaDB (mysql2, a pool of 10 for 5 clients). 150,000 orders with an
// index on created_at. GET /orders/day/:date lists a day's orders for the support desk: ordersOnDay filters with
// WHERE DATE(created_at) = ?, and wrapping the indexed column in a function means the index cannot be used: every
// call reads the whole table to find the few hundred orders of one day. created_at >= ? AND created_at < ? + 1 day
// would use the index. GET /orders/:id is a primary-key read.
const http = require('node:http');
const mysql = require('mysql2/promise');

const config = { host: process.env.MYSQL_HOST, port: Number(process.env.MYSQL_PORT), user: process.env.MYSQL_USER, password: process.env.MYSQL_PWD || '' };
let pool;

async function seed() {
  const admin = await mysql.createConnection({ ...config, multipleStatements: true });
  await admin.query(`
    CREATE DATABASE IF NOT EXISTS backoffice;
    USE backoffice;
    DROP TABLE IF EXISTS orders;
    CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, status VARCHAR(12) NOT NULL, total_cents INT NOT NULL,
      created_at DATETIME NOT NULL, note VARCHAR(120) NOT NULL) ENGINE=InnoDB;
    INSERT INTO orders SELECT seq, 1 + (seq * 13) % 9000, ELT(1 + seq % 4, 'paid', 'packed', 'shipped', 'delivered'),
      500 + (seq * 7919) % 50000, '2025-06-01' + INTERVAL ((seq * 137) % 31536000) SECOND, CONCAT('Order note ', seq) FROM seq_1_to_150000;
    CREATE INDEX orders_created ON orders (created_at);
    ANALYZE TABLE orders;
  `);
  await admin.end();
  pool = mysql.createPool({ ...config, database: 'backoffice', connectionLimit: 10 });
}

async function ordersOnDay(day) {
  const [rows] = await pool.execute(
    'SELECT id, customer_id, status, total_cents, created_at FROM orders WHERE DATE(created_at) = ? ORDER BY created_at LIMIT 500',
    [day],
  );
  return rows.map((r) => ({ id: r.id, customer: r.customer_id, status: r.status, total: r.total_cents / 100, at: r.created_at }));
}

async function orderById(id) {
  const [rows] = await pool.execute('SELECT id, customer_id, status, total_cents, created_at, note FROM orders WHERE id = ?', [id]);
  return rows[0] || null;
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://localhost');
    let m;
    if ((m = /^\/orders\/day\/(\d{4}-\d{2}-\d{2})$/.exec(url.pathname))) {
      const orders = await ordersOnDay(m[1]);
      return send(res, 200, { day: m[1], count: orders.length, orders });
    }
    if ((m = /^\/orders\/(\d+)$/.exec(url.pathname))) {
      const order = await orderById(Number(m[1]));
      return order ? send(res, 200, order) : send(res, 404, { error: 'no such order' });
    }
    if (url.pathname === '/health') return send(res, 200, { ok: true });
    send(res, 404, { error: 'not found' });
  } catch (err) {
    send(res, 500, { error: err.message });
  }
});

seed().then(() => {
  server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`http-mysql2-mariadb-orders-by-day-date-wrapped listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => Promise.resolve(pool && pool.end()).finally(() => process.exit(0));
  if (!server.listening) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
