'use strict';
// A sales-report API. parseDate (called by parseDateRange for both ends of the range) checks dates strictly and
// throws a plain Error for an impossible date such as 2026-02-30, which Fastify turns into a 500 (a 400 was meant).
// One dashboard widget in the mix asks for "the 30th of every month", so one request in seven fails: about 14 % of
// the load, a little over the 10 % line.
const fastify = require('fastify')({ logger: false });

const sales = [];
for (let d = 0; d < 365; d++) sales.push({ day: new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10), amount: 1000 + ((d * 37) % 500) });

function parseDate(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(text));
  if (!match) throw new Error(`not a date: ${text}`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (date.getUTCDate() !== Number(match[3])) throw new Error(`impossible date: ${text}`);
  return date.toISOString().slice(0, 10);
}

function parseDateRange(query) {
  const from = parseDate(query.from);
  const to = parseDate(query.to);
  if (from > to) throw new Error('from is after to');
  return { from, to };
}

fastify.get('/reports/sales', async (request) => {
  const { from, to } = parseDateRange(request.query);
  const rows = sales.filter((s) => s.day >= from && s.day <= to);
  return { from, to, days: rows.length, total: rows.reduce((sum, s) => sum + s.amount, 0) };
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-date-range-mild listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
