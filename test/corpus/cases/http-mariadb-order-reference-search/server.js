'use strict';
// A back-office order lookup on plain node:http and MariaDB (mysql2). Support staff paste the reference a customer
// reads from their bank statement; GET /orders/by-reference?ref= runs findOrderByReference, which filters 100,000
// orders on payment_reference, a column nobody indexed (the table was designed for lookups by id). Every search reads
// the whole table: one query per request, slow in itself; the pool has ten connections for the ten clients.
const http = require('node:http');
const mysql = require('mysql2/promise');

const pool = mysql.createPool({
  host: process.env.MYSQL_HOST,
  port: Number(process.env.MYSQL_PORT),
  user: process.env.MYSQL_USER,
  password: process.env.MYSQL_PWD || '',
  connectionLimit: 10,
  multipleStatements: true,
});

async function seed() {
  await pool.query(`
    CREATE DATABASE IF NOT EXISTS backoffice;
    USE backoffice;
    DROP TABLE IF EXISTS orders;
    CREATE TABLE orders (
      id INT PRIMARY KEY,
      payment_reference CHAR(12) NOT NULL,
      customer_name VARCHAR(60) NOT NULL,
      total_cents INT NOT NULL,
      placed_at DATETIME NOT NULL
    ) ENGINE=InnoDB;
    INSERT INTO orders
      SELECT seq, CONCAT('RF', LPAD(seq * 7 MOD 1000003, 10, '0')), CONCAT('Customer ', seq MOD 9000), 500 + seq * 7919 MOD 40000,
             TIMESTAMP '2025-01-01 00:00:00' + INTERVAL seq * 3 MINUTE
      FROM seq_1_to_100000;
    ANALYZE TABLE orders;
  `);
}

async function findOrderByReference(ref) {
  const [rows] = await pool.query('SELECT id, customer_name, total_cents, placed_at FROM backoffice.orders WHERE payment_reference = ?', [ref]);
  return rows;
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  if (req.method !== 'GET' || url.pathname !== '/orders/by-reference') {
    res.writeHead(404).end();
    return;
  }
  try {
    const orders = await findOrderByReference(String(url.searchParams.get('ref') || ''));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ orders }));
  } catch (err) {
    res.writeHead(500).end(String(err.message));
  }
});

seed().then(() => {
  server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`http-mariadb-order-reference-search listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  server.close(() => pool.end().finally(() => process.exit(0)));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
