'use strict';
// A landing-page API with home-made analytics: recordVisit appends every request (URL, a copy of all headers, a
// timestamp and a breadcrumb list) to an in-memory array that is never trimmed or flushed.
const express = require('express');

const visits = [];

function recordVisit(req) {
  visits.push({
    at: Date.now(),
    method: req.method,
    url: req.originalUrl,
    headers: { ...req.headers },
    ip: req.socket.remoteAddress,
    breadcrumbs: [`${req.method} ${req.originalUrl}`, `ua=${req.headers['user-agent'] || 'unknown'}`, `n=${visits.length}`],
    note: `visit ${visits.length} `.repeat(20),
  });
}

const app = express();
app.use((req, res, next) => {
  recordVisit(req);
  next();
});
app.get('/', (req, res) => res.json({ hello: 'world' }));
app.get('/pricing', (req, res) => res.json({ plans: ['free', 'pro', 'team'] }));
app.get('/stats', (req, res) => res.json({ visits: visits.length }));

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-visit-log listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
