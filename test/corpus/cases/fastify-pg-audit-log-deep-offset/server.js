'use strict';
// An admin console's audit-log API on Fastify and PostgreSQL (pg Pool of 10). auditPage pages through 300,000 audit
// events newest first with ORDER BY created_at DESC, id DESC LIMIT 50 OFFSET (page - 1) * 50. There is an index on
// (created_at DESC, id DESC), so the first pages are instant, but the console's "jump to page" lets the operators
// read pages in the thousands, and an OFFSET of 150,000 makes PostgreSQL walk and throw away 150,000 index entries
// (and their rows) before the 50 it returns. One slow query per request; the pool and the event loop have room.
const fastify = require('fastify')({ logger: false });
const { Pool } = require('pg');

const pool = new Pool({ max: 10 });
const PAGE = 50;

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS al_events;
    CREATE TABLE al_events (id bigint PRIMARY KEY, created_at timestamptz NOT NULL, actor text NOT NULL,
      action text NOT NULL, target text NOT NULL, detail text NOT NULL);
    INSERT INTO al_events SELECT g, timestamptz '2026-01-01' + g * interval '37 seconds', 'user-' || (g % 900),
      (ARRAY['login', 'update', 'delete', 'export', 'invite'])[1 + g % 5], 'record-' || (g::bigint * 7919 % 100000),
      'changed fields: status, owner, notes (' || g || ')' FROM generate_series(1, 300000) g;
    CREATE INDEX al_events_recent ON al_events (created_at DESC, id DESC);
    ANALYZE al_events;
  `);
}

async function auditPage(page) {
  const { rows } = await pool.query(
    'SELECT id, created_at, actor, action, target, detail FROM al_events ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2',
    [PAGE, (page - 1) * PAGE],
  );
  return rows;
}

fastify.get('/audit', async (request) => {
  const page = Math.max(1, Number(request.query.page) || 1);
  const events = await auditPage(page);
  return { page, perPage: PAGE, events };
});

seed().then(() =>
  fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
    console.log(`fastify-pg-audit-log-deep-offset listening on http://127.0.0.1:${fastify.server.address().port}`);
  }),
);
function shutdown() {
  fastify.close().finally(() => pool.end().finally(() => process.exit(0)));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
