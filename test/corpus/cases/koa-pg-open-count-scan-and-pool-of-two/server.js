'use strict';
// A help-desk queue page on Koa and PostgreSQL, with two problems. Each GET /teams/:team/tickets runs listTickets
// (the team's 25 newest tickets through an index on (team, created_at DESC), a millisecond) and countOpenTickets, the
// badge with the team's open-ticket count: SELECT count(*) ... WHERE team = $1 AND status = 'open' on 300,000
// tickets, where the index does not cover status, so PostgreSQL reads the team's whole slice of the table for every
// page. That count is the slow query. The second problem: the pg Pool has max 2 for ten clients, so pages also queue
// for a connection, mostly because the count holds one for tens of milliseconds.
const Koa = require('koa');
const Router = require('@koa/router');
const { Pool } = require('pg');

const pool = new Pool({ max: 2 });
const TEAMS = ['billing', 'platform', 'mobile', 'payments'];

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS hd_tickets;
    CREATE TABLE hd_tickets (id bigint PRIMARY KEY, team text NOT NULL, status text NOT NULL, priority int NOT NULL,
      subject text NOT NULL, body text NOT NULL, created_at timestamptz NOT NULL);
    INSERT INTO hd_tickets SELECT g, (ARRAY['billing', 'platform', 'mobile', 'payments'])[1 + g % 4],
      CASE WHEN g % 9 = 0 THEN 'open' WHEN g % 9 = 1 THEN 'pending' ELSE 'closed' END, 1 + g % 4,
      'Ticket ' || g || ': customer reports a problem', repeat('details of the report, steps to reproduce. ', 4),
      timestamptz '2025-01-01' + g * interval '100 seconds' FROM generate_series(1, 300000) g;
    CREATE INDEX hd_tickets_team_recent ON hd_tickets (team, created_at DESC);
    ANALYZE hd_tickets;
  `);
}

async function listTickets(team) {
  const { rows } = await pool.query('SELECT id, status, priority, subject, created_at FROM hd_tickets WHERE team = $1 ORDER BY created_at DESC LIMIT 25', [team]);
  return rows.map((r) => ({ id: Number(r.id), status: r.status, priority: r.priority, subject: r.subject, createdAt: r.created_at }));
}

async function countOpenTickets(team) {
  const { rows } = await pool.query("SELECT count(*)::int AS open FROM hd_tickets WHERE team = $1 AND status = 'open'", [team]);
  return rows[0].open;
}

const router = new Router();
router.get('/teams/:team/tickets', async (ctx) => {
  const team = ctx.params.team;
  if (!TEAMS.includes(team)) ctx.throw(404);
  const [tickets, open] = await Promise.all([listTickets(team), countOpenTickets(team)]);
  ctx.body = { team, open, tickets };
});
const app = new Koa();
app.use(router.routes());

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`koa-pg-open-count-scan-and-pool-of-two listening on http://127.0.0.1:${server.address().port}`);
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
