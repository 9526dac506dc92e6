'use strict';
// A support portal's ticket search on restify, knex and PostgreSQL (pg). GET /tickets/search?email=... finds a
// requester's tickets by email (searchByEmail); tickets.requester_email has no index, so each search reads all
// 200,000 tickets. Second, a debugging aid left on: every query knex runs is appended, with its bindings and
// duration, to queryLog, a module-level array nothing trims (logQuery).
const restify = require('restify');
const knexFactory = require('knex');

const knex = knexFactory({ client: 'pg', connection: {}, pool: { min: 0, max: 10 } });

const queryLog = [];
const started = new Map();
function logQuery(response, query) {
  const t0 = started.get(query.__knexQueryUid);
  started.delete(query.__knexQueryUid);
  queryLog.push({ sql: query.sql, bindings: query.bindings, ms: t0 === undefined ? null : Number((performance.now() - t0).toFixed(2)), at: new Date().toISOString() });
}
knex.on('query', (query) => started.set(query.__knexQueryUid, performance.now()));
knex.on('query-response', logQuery);

async function seed() {
  await knex.raw(`
    DROP TABLE IF EXISTS tickets;
    CREATE TABLE tickets (id bigint PRIMARY KEY, requester_email text NOT NULL, subject text NOT NULL, status text NOT NULL, opened_at timestamptz NOT NULL);
    INSERT INTO tickets SELECT g, 'user' || (1 + (g * 37) % 8000) || '@example.org', 'Ticket ' || g || ': cannot sign in',
      (ARRAY['open','pending','solved','closed'])[1 + g % 4], timestamptz '2025-01-01' + g * interval '3 minutes'
      FROM generate_series(1, 200000) g;
    ANALYZE tickets;
  `);
}

async function searchByEmail(email) {
  return knex('tickets').where({ requester_email: email }).select('id', 'subject', 'status', 'opened_at').orderBy('opened_at', 'desc').limit(50);
}

const server = restify.createServer({ name: 'support-portal' });
server.use(restify.plugins.queryParser());
server.get('/tickets/search', (req, res, next) => {
  searchByEmail(String(req.query.email || ''))
    .then((tickets) => {
      res.send({ email: req.query.email, count: tickets.length, tickets });
      next();
    })
    .catch(next);
});

seed().then(() => {
  server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`restify-knex-pg-unindexed-search-query-log listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => knex.destroy().finally(() => process.exit(0));
  if (!server.server.listening) return done();
  server.close(done);
  if (server.server.closeAllConnections) server.server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
