'use strict';
// A billing API on Koa and PostgreSQL (pg, a pool of 25 for 20 clients). Invoice numbers must be gap-free per tenant,
// so createInvoice serialises them with a transaction-scoped advisory lock: BEGIN, pg_advisory_xact_lock on the
// tenant, read the tenant's last number, insert the invoice and its lines, insert an outbox event, COMMIT. The lock is
// held from the second statement to the COMMIT, five round trips, and during the monthly billing run every request is
// for the same tenant, so all of them queue inside PostgreSQL for that one lock while the app and the pool are idle.
// (A per-tenant counter row updated last, or numbers assigned when the invoice is finalised, would hold it briefly.)
const Koa = require('koa');
const Router = require('@koa/router');
const { Pool } = require('pg');

const pool = new Pool({ max: 25 });

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS outbox;
    DROP TABLE IF EXISTS invoice_lines;
    DROP TABLE IF EXISTS invoices;
    CREATE TABLE invoices (id bigserial PRIMARY KEY, tenant text NOT NULL, number int NOT NULL, customer_id int NOT NULL,
      total_cents int NOT NULL, issued_at timestamptz NOT NULL DEFAULT now(), UNIQUE (tenant, number));
    CREATE TABLE invoice_lines (id bigserial PRIMARY KEY, invoice_id bigint NOT NULL, sku text NOT NULL, qty int NOT NULL, price_cents int NOT NULL);
    CREATE INDEX invoice_lines_invoice ON invoice_lines (invoice_id);
    CREATE TABLE outbox (id bigserial PRIMARY KEY, topic text NOT NULL, payload jsonb NOT NULL);
    INSERT INTO invoices (tenant, number, customer_id, total_cents) SELECT 'acme', g, 1 + g % 500, 1000 + g % 9000 FROM generate_series(1, 5000) g;
  `);
}

async function createInvoice(tenant, customerId, lines) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [tenant]);
    const last = await client.query('SELECT coalesce(max(number), 0) AS n FROM invoices WHERE tenant = $1', [tenant]);
    const number = Number(last.rows[0].n) + 1;
    const total = lines.reduce((sum, l) => sum + l.qty * l.priceCents, 0);
    const inv = await client.query('INSERT INTO invoices (tenant, number, customer_id, total_cents) VALUES ($1, $2, $3, $4) RETURNING id',
      [tenant, number, customerId, total]);
    const id = inv.rows[0].id;
    await client.query('INSERT INTO invoice_lines (invoice_id, sku, qty, price_cents) SELECT $1, l.sku, l.qty, l.price FROM json_to_recordset($2::json) AS l(sku text, qty int, price int)',
      [id, JSON.stringify(lines.map((l) => ({ sku: l.sku, qty: l.qty, price: l.priceCents })))]);
    await client.query('INSERT INTO outbox (topic, payload) VALUES ($1, $2)', ['invoice.issued', JSON.stringify({ tenant, number, customerId, total })]);
    await client.query('COMMIT');
    return { id: Number(id), tenant, number, total: total / 100 };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

async function readBody(ctx) {
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
}

const app = new Koa();
const router = new Router();
router.post('/tenants/:tenant/invoices', async (ctx) => {
  const body = await readBody(ctx);
  const lines = Array.isArray(body.lines) ? body.lines.slice(0, 50) : [];
  ctx.status = 201;
  ctx.body = await createInvoice(ctx.params.tenant, Number(body.customerId) || 1, lines);
});
router.get('/health', (ctx) => {
  ctx.body = { ok: true };
});
app.use(router.routes());

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`koa-pg-invoice-numbers-advisory-lock listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => pool.end().finally(() => process.exit(0));
  if (!server || !server.listening) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
