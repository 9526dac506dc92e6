'use strict';
// A customer-orders API on Fastify and PostgreSQL (pg Pool of 10), written with care: listOrders reads a customer's
// latest 20 orders through an index on (customer_id, created_at DESC), placeOrder inserts one order with one
// INSERT ... RETURNING (an identity key, no counter row, no lock anyone else waits for), response schemas let Fastify
// serialise quickly, and the pool has a connection per client. The storefront's traffic is moderate (200 requests a
// second, one write in four). Nothing here is wrong.
const fastify = require('fastify')({ logger: false });
const { Pool } = require('pg');

const pool = new Pool({ max: 10 });

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS co_orders;
    CREATE TABLE co_orders (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, customer_id int NOT NULL,
      status text NOT NULL, total_cents int NOT NULL, items int NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    INSERT INTO co_orders (customer_id, status, total_cents, items, created_at)
      SELECT 1 + g % 5000, (ARRAY['paid', 'shipped', 'delivered', 'refunded'])[1 + g % 4], 500 + (g * 7919) % 40000,
        1 + g % 6, timestamptz '2026-01-01' + g * interval '90 seconds' FROM generate_series(1, 100000) g;
    CREATE INDEX co_orders_by_customer ON co_orders (customer_id, created_at DESC);
    ANALYZE co_orders;
  `);
}

const orderSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, status: { type: 'string' }, totalCents: { type: 'integer' }, items: { type: 'integer' }, createdAt: { type: 'string' } },
};

async function listOrders(customerId) {
  const { rows } = await pool.query(
    'SELECT id, status, total_cents, items, created_at FROM co_orders WHERE customer_id = $1 ORDER BY created_at DESC LIMIT 20',
    [customerId],
  );
  return rows.map((r) => ({ id: Number(r.id), status: r.status, totalCents: r.total_cents, items: r.items, createdAt: r.created_at.toISOString() }));
}

async function placeOrder(customerId, totalCents, items) {
  const { rows } = await pool.query(
    "INSERT INTO co_orders (customer_id, status, total_cents, items) VALUES ($1, 'paid', $2, $3) RETURNING id, status, total_cents, items, created_at",
    [customerId, totalCents, items],
  );
  const r = rows[0];
  return { id: Number(r.id), status: r.status, totalCents: r.total_cents, items: r.items, createdAt: r.created_at.toISOString() };
}

fastify.get('/customers/:id/orders', { schema: { response: { 200: { type: 'object', properties: { customerId: { type: 'integer' }, orders: { type: 'array', items: orderSchema } } } } } }, async (request) => {
  const customerId = Number(request.params.id);
  return { customerId, orders: await listOrders(customerId) };
});
fastify.post('/customers/:id/orders', { schema: { response: { 201: orderSchema } } }, async (request, reply) => {
  const { totalCents, items } = request.body;
  reply.code(201);
  return placeOrder(Number(request.params.id), Number(totalCents), Number(items));
});

seed().then(() =>
  fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
    console.log(`fastify-pg-customer-orders-api-moderate listening on http://127.0.0.1:${fastify.server.address().port}`);
  }),
);
function shutdown() {
  fastify.close().finally(() => pool.end().finally(() => process.exit(0)));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
