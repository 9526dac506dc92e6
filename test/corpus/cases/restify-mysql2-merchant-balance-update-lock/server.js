'use strict';
// A payment API on restify and MariaDB (mysql2, a pool of 30 for 20 clients). Every POST /payments runs
// settlePayment in one transaction: first it credits the merchant's running balance (UPDATE merchants SET
// balance_cents = balance_cents + ? WHERE id = ?), then it writes the ledger entry, debits the customer's wallet and
// records a payment event, and only then commits. During a flash sale every payment goes to the same merchant, so
// the merchant row's lock, taken by the first UPDATE, is held across three more round trips and every other payment
// waits for it inside InnoDB. The app never reads the merchant row back: the waits are all in the UPDATE.
const restify = require('restify');
const mysql = require('mysql2/promise');

const config = { host: process.env.MYSQL_HOST, port: Number(process.env.MYSQL_PORT), user: process.env.MYSQL_USER, password: process.env.MYSQL_PWD || '' };
let pool;

async function seed() {
  const admin = await mysql.createConnection({ ...config, multipleStatements: true });
  await admin.query(`
    CREATE DATABASE IF NOT EXISTS payments;
    USE payments;
    DROP TABLE IF EXISTS payment_events;
    DROP TABLE IF EXISTS ledger;
    DROP TABLE IF EXISTS wallets;
    DROP TABLE IF EXISTS merchants;
    CREATE TABLE merchants (id INT PRIMARY KEY, name VARCHAR(60) NOT NULL, balance_cents BIGINT NOT NULL) ENGINE=InnoDB;
    INSERT INTO merchants SELECT seq, CONCAT('Merchant ', seq), 0 FROM seq_1_to_50;
    CREATE TABLE wallets (id INT PRIMARY KEY, owner VARCHAR(60) NOT NULL, balance_cents BIGINT NOT NULL) ENGINE=InnoDB;
    INSERT INTO wallets SELECT seq, CONCAT('customer-', seq), 10000000 FROM seq_1_to_5000;
    CREATE TABLE ledger (id BIGINT AUTO_INCREMENT PRIMARY KEY, merchant_id INT NOT NULL, wallet_id INT NOT NULL,
      amount_cents INT NOT NULL, reference VARCHAR(40) NOT NULL, created_at DATETIME(3) NOT NULL, KEY by_merchant (merchant_id)) ENGINE=InnoDB;
    CREATE TABLE payment_events (id BIGINT AUTO_INCREMENT PRIMARY KEY, reference VARCHAR(40) NOT NULL, kind VARCHAR(20) NOT NULL,
      payload TEXT NOT NULL, KEY by_reference (reference)) ENGINE=InnoDB;
  `);
  await admin.end();
  pool = mysql.createPool({ ...config, database: 'payments', connectionLimit: 30 });
}

let nextRef = 1;

async function settlePayment(merchantId, walletId, amountCents) {
  const reference = `PAY-${process.pid}-${nextRef++}`;
  const conn = await pool.getConnection();
  try {
    await conn.beginTransaction();
    await conn.query('UPDATE merchants SET balance_cents = balance_cents + ? WHERE id = ?', [amountCents, merchantId]);
    await conn.query('INSERT INTO ledger (merchant_id, wallet_id, amount_cents, reference, created_at) VALUES (?, ?, ?, ?, NOW(3))', [merchantId, walletId, amountCents, reference]);
    await conn.query('UPDATE wallets SET balance_cents = balance_cents - ? WHERE id = ?', [amountCents, walletId]);
    await conn.query('INSERT INTO payment_events (reference, kind, payload) VALUES (?, ?, ?)', [reference, 'settled', JSON.stringify({ merchantId, walletId, amountCents })]);
    await conn.commit();
    return { reference, merchantId, amountCents, status: 'settled' };
  } catch (err) {
    await conn.rollback().catch(() => {});
    throw err;
  } finally {
    conn.release();
  }
}

const server = restify.createServer({ name: 'payments' });
server.use(restify.plugins.bodyParser());
server.post('/payments', async (req, res) => {
  const body = req.body || {};
  const payment = await settlePayment(Number(body.merchantId) || 1, Number(body.walletId) || 1, Number(body.amountCents) || 100);
  res.send(201, payment);
});

seed().then(() => {
  server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`restify-mysql2-merchant-balance-update-lock listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => Promise.resolve(pool && pool.end()).finally(() => process.exit(0));
  if (!server.server.listening) return done();
  server.close(done);
  if (server.server.closeAllConnections) server.server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
