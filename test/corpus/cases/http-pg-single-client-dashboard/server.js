'use strict';
// A warehouse dashboard's API on plain node:http and PostgreSQL (pg). The app opens ONE pg Client at start
// (openClient; a Client where a Pool was meant) and every request shares it. Most requests fetch one widget's
// current figure by primary key (loadWidget, well under a millisecond in the database); one in ten is the daily
// shipments report (dailyShipments, an aggregate over 40,000 shipments, a fair cost for a report). A pg Client runs
// one query at a time and queues the rest, so the cheap lookups wait behind the reports and behind each other.
const http = require('node:http');
const { Client } = require('pg');

const db = new Client();

async function openClient() {
  await db.connect();
}

async function seed() {
  await db.query(`
    DROP TABLE IF EXISTS shipments;
    DROP TABLE IF EXISTS widgets;
    CREATE TABLE widgets (id int PRIMARY KEY, title text NOT NULL, figure numeric NOT NULL, unit text NOT NULL);
    INSERT INTO widgets SELECT g, 'Widget ' || g, (g * 7919) % 10000, (ARRAY['parcels','pallets','orders','returns'])[1 + g % 4]
      FROM generate_series(1, 2000) g;
    CREATE TABLE shipments (id bigint PRIMARY KEY, warehouse int NOT NULL, carrier text NOT NULL, shipped_at timestamptz NOT NULL, weight_g int NOT NULL);
    INSERT INTO shipments SELECT g, 1 + g % 12, (ARRAY['dhl','ups','gls','colissimo','dpd'])[1 + g % 5],
      timestamptz '2026-01-01' + g * interval '10 minutes', 100 + (g::bigint * 104729) % 30000
      FROM generate_series(1, 40000) g;
    ANALYZE widgets;
    ANALYZE shipments;
  `);
}

async function loadWidget(id) {
  const { rows } = await db.query('SELECT id, title, figure, unit FROM widgets WHERE id = $1', [id]);
  return rows[0];
}

async function dailyShipments() {
  const { rows } = await db.query(`
    SELECT date_trunc('day', shipped_at) AS day, warehouse, carrier, count(*) AS parcels, sum(weight_g) AS grams
      FROM shipments GROUP BY 1, 2, 3 ORDER BY 1 DESC, 2, 3 LIMIT 200`);
  return rows;
}

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const server = http.createServer(async (req, res) => {
  try {
    const m = /^\/widgets\/(\d+)$/.exec(req.url);
    if (m) {
      const widget = await loadWidget(Number(m[1]));
      return widget ? send(res, 200, widget) : send(res, 404, { error: 'no such widget' });
    }
    if (req.url === '/reports/daily-shipments') return send(res, 200, { rows: await dailyShipments() });
    send(res, 404, { error: 'not found' });
  } catch (err) {
    send(res, 500, { error: err.message });
  }
});

openClient().then(seed).then(() => {
  server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`http-pg-single-client-dashboard listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => db.end().finally(() => process.exit(0));
  if (!server.listening) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
