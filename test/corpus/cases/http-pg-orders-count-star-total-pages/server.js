'use strict';
// An order-history admin API on plain node:http and PostgreSQL (pg, a pool of 10 for 10 clients). GET /orders?page=
// shows 25 orders, newest first, through the primary key (a millisecond), and, for the pager's "page N of M",
// countOrders runs SELECT count(*) FROM orders on every page. The table holds 400,000 orders and grows with every
// POST /orders the shop makes; PostgreSQL has no stored row count, so each count reads the whole table. One slow query
// per page view, which an estimate (pg_class.reltuples), a cached count or "next page" links would replace.
const http = require('node:http');
const { Pool } = require('pg');

const pool = new Pool({ max: 10 });

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS shop_orders;
    CREATE TABLE shop_orders (id bigserial PRIMARY KEY, customer_id int NOT NULL, status text NOT NULL,
      total_cents int NOT NULL, currency text NOT NULL, shipping_address text NOT NULL, placed_at timestamptz NOT NULL);
    INSERT INTO shop_orders (customer_id, status, total_cents, currency, shipping_address, placed_at)
      SELECT 1 + g % 20000, (ARRAY['paid','shipped','delivered','refunded'])[1 + g % 4], 500 + (g::bigint * 7919) % 40000, 'EUR',
             g || ' Harbour Street, Flat ' || (g % 40) || ', 1000' || (g % 90) || ' Somewhere',
             timestamptz '2024-01-01' + g * interval '70 seconds'
        FROM generate_series(1, 400000) g;
    CREATE INDEX shop_orders_customer ON shop_orders (customer_id);
    ANALYZE shop_orders;
  `);
}

async function listPage(page) {
  const { rows } = await pool.query('SELECT id, customer_id, status, total_cents, placed_at FROM shop_orders ORDER BY id DESC LIMIT 25 OFFSET $1', [(page - 1) * 25]);
  return rows.map((r) => ({ id: Number(r.id), customerId: r.customer_id, status: r.status, totalCents: r.total_cents, placedAt: r.placed_at }));
}

async function countOrders() {
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM shop_orders');
  return rows[0].n;
}

async function placeOrder(order) {
  const { rows } = await pool.query(
    'INSERT INTO shop_orders (customer_id, status, total_cents, currency, shipping_address, placed_at) VALUES ($1, $2, $3, $4, $5, now()) RETURNING id',
    [Number(order.customerId) || 1, 'paid', Number(order.totalCents) || 0, 'EUR', String(order.address || 'unknown')],
  );
  return { id: Number(rows[0].id) };
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  if (req.method === 'GET' && url.pathname === '/orders') {
    const page = Math.max(1, Math.min(400, Number(url.searchParams.get('page')) || 1));
    const [orders, total] = await Promise.all([listPage(page), countOrders()]);
    return send(res, 200, { page, pages: Math.ceil(total / 25), total, orders });
  }
  if (req.method === 'POST' && url.pathname === '/orders') {
    let body = '';
    for await (const chunk of req) body += chunk;
    return send(res, 201, await placeOrder(JSON.parse(body || '{}')));
  }
  send(res, 404, { error: 'not found' });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch(() => send(res, 500, { error: 'internal' }));
});

seed().then(() => {
  server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`http-pg-orders-count-star-total-pages listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => pool.end().finally(() => process.exit(0));
  if (!server.listening) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
