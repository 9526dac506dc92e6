'use strict';
// A shop's checkout on Koa and PostgreSQL (pg Pool of two). checkout opens a transaction, reads the item's stock
// and price by primary key, then awaits the payment provider's authorisation (an outbound HTTP call
// of about 60 ms) while the connection sits idle in the transaction, and only then decrements the stock, inserts the
// order and commits. Every request holds one of the two connections for the whole payment call, so ten concurrent
// checkouts queue for a connection while the database and the event loop have little to do.
const http = require('node:http');
const Koa = require('koa');
const Router = require('@koa/router');
const { Pool } = require('pg');
// The payment provider is played by the corpus's slow backend in its own process (?delay= sets its answer time).
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

const pool = new Pool({ max: 2 });
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
let paymentsPort;

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS orders;
    DROP TABLE IF EXISTS stock;
    CREATE TABLE stock (sku text PRIMARY KEY, on_hand int NOT NULL, price_cents int NOT NULL);
    INSERT INTO stock SELECT 'SKU-' || g, 1000000, 199 + (g * 7919) % 9000 FROM generate_series(1, 2000) g;
    CREATE TABLE orders (id bigserial PRIMARY KEY, sku text NOT NULL, qty int NOT NULL, total_cents int NOT NULL, payment_ref text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    ANALYZE stock;
  `);
}

function authorisePayment(amountCents, card) {
  return new Promise((resolve, reject) => {
    const path = `/payments/authorise?amount=${amountCents}&card=${encodeURIComponent(card)}&delay=60`;
    const req = http.get({ host: '127.0.0.1', port: paymentsPort, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(`auth-${amountCents}-${Date.now()}`));
    });
    req.on('error', reject);
  });
}

async function checkout({ sku, qty, card }) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query('SELECT on_hand, price_cents FROM stock WHERE sku = $1', [sku]);
    if (rows.length === 0 || rows[0].on_hand < qty) throw Object.assign(new Error('out of stock'), { status: 409 });
    const total = rows[0].price_cents * qty;
    const paymentRef = await authorisePayment(total, card);
    await client.query('UPDATE stock SET on_hand = on_hand - $2 WHERE sku = $1', [sku, qty]);
    const order = await client.query('INSERT INTO orders (sku, qty, total_cents, payment_ref) VALUES ($1, $2, $3, $4) RETURNING id', [sku, qty, total, paymentRef]);
    await client.query('COMMIT');
    return { orderId: Number(order.rows[0].id), totalCents: total };
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}

async function readBody(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return JSON.parse(body);
}

const app = new Koa();
const router = new Router();
router.post('/checkout', async (ctx) => {
  try {
    ctx.status = 201;
    ctx.body = await checkout(await readBody(ctx.req));
  } catch (err) {
    ctx.status = err.status || 502;
    ctx.body = { error: err.message };
  }
});
app.use(router.routes());

let server;
Promise.all([seed(), startDownstream(60)]).then(
  ([, port]) => {
    paymentsPort = port;
    server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`koa-pg-checkout-tx-across-payment-call listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  agent.destroy();
  const closed = server ? new Promise((resolve) => (server.close(resolve), server.closeAllConnections())) : Promise.resolve();
  closed.then(() => Promise.allSettled([pool.end(), stopDownstream()])).finally(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
