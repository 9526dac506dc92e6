'use strict';
// A small shop's admin API on Express and MariaDB (mysql2). The app opens ONE connection at start (openConnection,
// createConnection instead of createPool) and every request shares it. Most requests are product lookups by primary
// key (findProduct, well under a millisecond in the database); one in ten is the sales report (salesByCategory, an
// aggregate over every order line, tens of milliseconds, a fair cost for a report). mysql2 runs one query at a time
// per connection, so every lookup queues behind the reports and the other lookups while the database has idle
// capacity.
const express = require('express');
const mysql = require('mysql2/promise');

let db;
async function openConnection() {
  db = await mysql.createConnection({
    host: process.env.MYSQL_HOST,
    port: Number(process.env.MYSQL_PORT),
    user: process.env.MYSQL_USER,
    password: process.env.MYSQL_PWD || '',
    multipleStatements: true,
  });
}

async function seed() {
  await db.query(`
    CREATE DATABASE IF NOT EXISTS shopadmin;
    USE shopadmin;
    DROP TABLE IF EXISTS order_lines;
    DROP TABLE IF EXISTS products;
    CREATE TABLE products (id INT PRIMARY KEY, name VARCHAR(80) NOT NULL, category VARCHAR(20) NOT NULL, price_cents INT NOT NULL) ENGINE=InnoDB;
    INSERT INTO products SELECT seq, CONCAT('Product ', seq), ELT(1 + seq MOD 6, 'garden', 'kitchen', 'toys', 'books', 'tools', 'sports'), 199 + seq * 7919 MOD 20000 FROM seq_1_to_5000;
    CREATE TABLE order_lines (id INT PRIMARY KEY, product_id INT NOT NULL, quantity INT NOT NULL, KEY (product_id)) ENGINE=InnoDB;
    INSERT INTO order_lines SELECT seq, 1 + seq * 37 MOD 5000, 1 + seq MOD 4 FROM seq_1_to_20000;
    ANALYZE TABLE products, order_lines;
  `);
}

async function findProduct(id) {
  const [rows] = await db.query('SELECT id, name, category, price_cents FROM shopadmin.products WHERE id = ?', [id]);
  return rows[0];
}

async function salesByCategory() {
  const [rows] = await db.query(
    `SELECT p.category, SUM(l.quantity) AS units, SUM(l.quantity * p.price_cents) AS revenue_cents
       FROM shopadmin.order_lines l JOIN shopadmin.products p ON p.id = l.product_id
      GROUP BY p.category ORDER BY revenue_cents DESC`,
  );
  return rows;
}

const app = express();
app.get('/products/:id', async (req, res, next) => {
  try {
    const product = await findProduct(Number(req.params.id));
    if (!product) return res.status(404).json({ error: 'no such product' });
    res.json(product);
  } catch (err) {
    next(err);
  }
});
app.get('/reports/sales', async (req, res, next) => {
  try {
    res.json({ categories: await salesByCategory() });
  } catch (err) {
    next(err);
  }
});

let server;
openConnection().then(seed).then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`express-mariadb-shared-connection-report listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => (db ? db.end() : Promise.resolve()).finally(() => process.exit(0));
  if (!server) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
