'use strict';
// A support-ticket queue API. The ticket list is sorted by "last updated" on every /queue request, and
// byLastUpdated, the sort comparator, parses both tickets' "YYYY-MM-DD HH:mm:ss" timestamps with new Date(...) on every
// comparison (about two thousand comparisons, two parses each, for the 260 open tickets) instead of parsing once or
// keeping a numeric timestamp. The request costs a little over half a millisecond, most of it in the comparator.
const Koa = require('koa');
const Router = require('@koa/router');

const pad = (n) => String(n).padStart(2, '0');
const tickets = [];
for (let i = 0; i < 260; i++) {
  const t = Date.UTC(2026, 10, 1) + ((i * 7919) % 260) * 8_000_000 + i * 1000;
  const d = new Date(t);
  tickets.push({
    id: 5000 + i,
    subject: `Ticket ${i}: ${['login fails', 'invoice missing', 'slow page', 'export broken'][i % 4]}`,
    assignee: `agent${i % 12}`,
    updatedAt: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
  });
}

function byLastUpdated(a, b) {
  return new Date(b.updatedAt) - new Date(a.updatedAt);
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/queue', (ctx) => {
  const limit = Math.min(Number(ctx.query.limit || 20), 100);
  const sorted = tickets.slice().sort(byLastUpdated);
  ctx.body = { total: tickets.length, tickets: sorted.slice(0, limit) };
});
router.get('/tickets/:id', (ctx) => {
  const ticket = tickets[Number(ctx.params.id) - 5000];
  if (!ticket) ctx.throw(404, 'no such ticket');
  ctx.body = ticket;
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-ticket-sort-date-parse-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
