'use strict';
// A helpdesk API. The ticket page shows how many business hours a ticket has been open, and businessHoursOpen
// computes that by stepping through the ticket's life one hour at a time with moment (isoWeekday, hour, add) instead
// of counting whole weeks and days. For the long-lived ticket the dashboard keeps open (a platform migration, open
// since mid-2023) that is one synchronous stretch a little over 10 ms per call, and the cheap ticket reads wait.
const Koa = require('koa');
const Router = require('@koa/router');
const moment = require('moment');

// "now" for the SLA report is the reporting date, passed by the dashboard (deterministic).
const tickets = [
  { id: 7, title: 'Platform migration to the new data centre', openedAt: '2023-06-01T08:00:00Z', priority: 'low' },
  { id: 81, title: 'Invoice PDF shows the wrong VAT number', openedAt: '2026-11-20T10:30:00Z', priority: 'high' },
  { id: 82, title: 'Password reset e-mail arrives late', openedAt: '2026-11-27T14:00:00Z', priority: 'normal' },
];
const byId = new Map(tickets.map((t) => [t.id, t]));

function businessHoursOpen(openedAt, asOf) {
  const cursor = moment.utc(openedAt);
  const end = moment.utc(asOf);
  let hours = 0;
  while (cursor.isBefore(end)) {
    const weekday = cursor.isoWeekday();
    const hour = cursor.hour();
    if (weekday <= 5 && hour >= 9 && hour < 17) hours++;
    cursor.add(1, 'hour');
  }
  return hours;
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/tickets', (ctx) => {
  ctx.body = tickets.map(({ id, title, priority }) => ({ id, title, priority }));
});
router.get('/tickets/:id', (ctx) => {
  const ticket = byId.get(Number(ctx.params.id));
  if (!ticket) ctx.throw(404, 'no such ticket');
  ctx.body = ticket;
});
router.get('/tickets/:id/sla', (ctx) => {
  const ticket = byId.get(Number(ctx.params.id));
  if (!ticket) ctx.throw(404, 'no such ticket');
  const asOf = ctx.query.asOf || '2026-11-30T00:00:00Z';
  ctx.body = { id: ticket.id, businessHoursOpen: businessHoursOpen(ticket.openedAt, asOf), asOf };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-sla-hour-stepping-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
