'use strict';
// A reporting API on Express. Its /api routes used to accept the web app's session cookie; a security review
// switched them to bearer tokens only (requireBearer). The new sales dashboard, which makes most of the traffic,
// still relies on the cookie and sends no Authorization header, so requireBearer answers 401 to every one of its
// report requests; the partner integration, which sends a token, passes.
const express = require('express');

const TOKENS = new Map([['partner-7f3a9c', { partner: 'acme-bi', scopes: ['reports:read'] }]]);

const reports = {};
for (const region of ['north', 'south', 'east', 'west']) {
  reports[region] = { region, revenueCents: 1_000_000 + region.length * 77_000, orders: 800 + region.length * 31, currency: 'EUR' };
}

function requireBearer(req, res, next) {
  const header = req.get('authorization') || '';
  const m = /^Bearer (\S+)$/.exec(header);
  const grant = m && TOKENS.get(m[1]);
  if (!grant) {
    res.set('www-authenticate', 'Bearer realm="reports"');
    return res.status(401).json({ error: 'missing or invalid bearer token' });
  }
  req.grant = grant;
  next();
}

const app = express();
app.disable('x-powered-by');
app.get('/health', (req, res) => res.json({ ok: true }));
app.use('/api', requireBearer);
app.get('/api/reports/:region', (req, res) => {
  const report = reports[req.params.region];
  if (!report) return res.status(404).json({ error: 'no such region' });
  res.json({ ...report, for: req.grant.partner });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-reports-bearer-401 listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
