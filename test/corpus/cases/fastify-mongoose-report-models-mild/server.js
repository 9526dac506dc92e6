'use strict';
// A sales-report API on mongoose. Every report run writes its results to its own collection (report_<run>), and
// loadReportRun compiles a model for that collection with mongoose.model(`Report_<run>`, ...) on every request to
// hydrate the rows; mongoose keeps every compiled model in its registry for the life of the process, so each new
// run adds a model that is never freed. The rows come from an in-memory stand-in for the database.
const Fastify = require('fastify');
const mongoose = require('mongoose');

const reportRowSchema = new mongoose.Schema({ region: String, product: String, units: Number, revenue: Number, period: String }, { autoIndex: false, autoCreate: false });

const REGIONS = ['north', 'south', 'east', 'west'];
function fetchRunRows(run) {
  const rows = [];
  for (let i = 0; i < 12; i++) {
    rows.push({ _id: new mongoose.Types.ObjectId(), region: REGIONS[i % 4], product: `P-${(run + i) % 30}`, units: (run * 7 + i * 13) % 200, revenue: ((run * 31 + i * 17) % 9000) / 10, period: '2026-Q1' });
  }
  return rows;
}

let nextRun = 1;
function loadReportRun(run) {
  const ReportRow = mongoose.model(`Report_${run}`, reportRowSchema, `report_${run}`);
  return fetchRunRows(run).map((row) => ReportRow.hydrate(row));
}

const app = Fastify({ logger: false });
app.post('/reports/sales/runs', async (request, reply) => {
  const run = nextRun++;
  const rows = loadReportRun(run);
  const revenue = rows.reduce((sum, r) => sum + r.revenue, 0);
  reply.code(201);
  return { run, rows: rows.length, revenue: Math.round(revenue * 100) / 100, top: rows.slice(0, 3).map((r) => r.toJSON()) };
});
app.get('/reports/sales', async () => ({ name: 'sales', runs: nextRun - 1 }));

app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(
  () => console.log(`fastify-mongoose-report-models-mild listening on http://127.0.0.1:${app.server.address().port}`),
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  app.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
