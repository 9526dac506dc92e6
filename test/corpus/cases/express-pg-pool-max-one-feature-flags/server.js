'use strict';
// A feature-flag service on Express and PostgreSQL (pg). GET /flags/:tenant answers the flags a tenant's users see:
// one indexed query of well under a millisecond of database work. createPool builds the app's pg Pool with max: 1
// (the value from the service's single-threaded CLI, copied when the HTTP API was added), so with twenty clients in
// flight every request waits its turn for the one connection, while PostgreSQL and the event loop have room to spare.
const express = require('express');
const { Pool } = require('pg');

function createPool() {
  return new Pool({ max: 1, idleTimeoutMillis: 30000 });
}
const pool = createPool();

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS tenant_flags;
    CREATE TABLE tenant_flags (tenant_id int NOT NULL, flag text NOT NULL, enabled boolean NOT NULL, rollout int NOT NULL,
      PRIMARY KEY (tenant_id, flag));
    INSERT INTO tenant_flags (tenant_id, flag, enabled, rollout)
      SELECT t, 'flag_' || f, (t + f) % 3 <> 0, (t * 31 + f * 7) % 101
      FROM generate_series(1, 2000) t, generate_series(1, 40) f;
    ANALYZE tenant_flags;
  `);
}

async function loadFlags(tenantId) {
  const { rows } = await pool.query(
    'SELECT flag, enabled, rollout FROM tenant_flags WHERE tenant_id = $1 ORDER BY flag',
    [tenantId],
  );
  return rows;
}

const app = express();
app.get('/flags/:tenant', async (req, res, next) => {
  try {
    const flags = await loadFlags(Number(req.params.tenant));
    res.json({ tenant: Number(req.params.tenant), flags });
  } catch (err) {
    next(err);
  }
});

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`express-pg-pool-max-one-feature-flags listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => pool.end().finally(() => process.exit(0));
  if (!server) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
