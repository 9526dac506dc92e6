'use strict';
// A multi-tenant booking API. Every tenant-scoped route calls tenantOf(req), which reads the tenant from the
// X-Tenant-Id header set by the company's API gateway: req.get('x-tenant-id').trim().toLowerCase(). The new public
// mobile app talks to the service directly, without the gateway, and never sends the header, so req.get returns
// undefined, .trim() throws a TypeError and Express answers 500 for every tenant-scoped request of the story's load
// (two requests in three); only the health check passes.
const express = require('express');

const bookings = new Map([
  ['acme', [{ id: 'b-1', room: 'Atlas', from: '2026-12-01T09:00', to: '2026-12-01T10:00' }]],
  ['globex', [{ id: 'b-7', room: 'Harbour', from: '2026-12-02T14:00', to: '2026-12-02T15:30' }]],
]);

function tenantOf(req) {
  return req.get('x-tenant-id').trim().toLowerCase();
}

const app = express();
app.get('/bookings', (req, res) => {
  res.json(bookings.get(tenantOf(req)) || []);
});
app.get('/rooms', (req, res) => {
  const tenant = tenantOf(req);
  res.json({ tenant, rooms: ['Atlas', 'Harbour', 'Summit'] });
});
app.get('/health', (req, res) => res.json({ ok: true }));
// Express's default error handler would print every stack trace to stderr; the service logs one line per error kind.
const seen = new Set();
app.use((err, req, res, _next) => {
  if (!seen.has(err.message)) {
    seen.add(err.message);
    console.error(`error: ${err.message}`);
  }
  res.status(500).json({ error: 'internal error' });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-tenant-header-typeerror listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
