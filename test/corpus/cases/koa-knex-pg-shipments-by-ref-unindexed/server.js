'use strict';
// A logistics tracking API on Koa, knex and PostgreSQL. GET /track/:ref looks a parcel up by the carrier's tracking
// reference (findShipmentsByRef: knex's where('carrier_ref', ref) on a table of 200,000 shipments). The table has
// indexes on id and on customer_id, but none on carrier_ref, the column the tracking page searches by, so every
// lookup reads the whole table in PostgreSQL. The knex pool (2 to 10 connections) is more than the five clients need,
// and the event loop idles while the scan runs.
const Koa = require('koa');
const Router = require('@koa/router');
const knex = require('knex')({
  client: 'pg',
  connection: { host: process.env.PGHOST, port: Number(process.env.PGPORT), user: process.env.PGUSER, password: process.env.PGPASSWORD || '', database: process.env.PGDATABASE },
  pool: { min: 2, max: 10 },
});

async function seed() {
  await knex.raw(`
    DROP TABLE IF EXISTS shipments;
    CREATE TABLE shipments (id bigserial PRIMARY KEY, customer_id int NOT NULL, carrier text NOT NULL, carrier_ref text NOT NULL,
      status text NOT NULL, weight_g int NOT NULL, created_at timestamptz NOT NULL);
    INSERT INTO shipments (customer_id, carrier, carrier_ref, status, weight_g, created_at)
      SELECT 1 + g % 9000, (ARRAY['dhl','ups','gls','dpd'])[1 + g % 4], 'JD' || lpad(((g::bigint * 104729) % 1000000007)::text, 12, '0'),
        (ARRAY['label','in_transit','out_for_delivery','delivered'])[1 + g % 4], 100 + (g * 37) % 20000,
        timestamptz '2026-01-01' + g * interval '2 minutes'
      FROM generate_series(1, 200000) g;
    CREATE INDEX shipments_customer ON shipments (customer_id);
    ANALYZE shipments;
  `);
}

async function findShipmentsByRef(ref) {
  return knex('shipments').select('id', 'carrier', 'carrier_ref', 'status', 'weight_g', 'created_at').where('carrier_ref', ref);
}

const router = new Router();
router.get('/track/:ref', async (ctx) => {
  const shipments = await findShipmentsByRef(ctx.params.ref);
  ctx.body = { ref: ctx.params.ref, found: shipments.length, shipments };
});
const app = new Koa();
app.use(router.routes());

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`koa-knex-pg-shipments-by-ref-unindexed listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => knex.destroy().finally(() => process.exit(0));
  if (!server) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
