'use strict';
// An Express API with a typical stack of a dozen small middlewares in front of a small JSON route. Each middleware
// does little; a request costs well under a third of a millisecond. Nothing is wrong.
const { performance } = require('node:perf_hooks');
const express = require('express');

const API_KEYS = new Set(['key-team-7', 'key-team-9']);
const FLAGS = { newProfile: true, darkMode: false, betaSearch: true };
const LOCALES = new Set(['en', 'fr', 'de', 'es']);
let requestCounter = 0;

const app = express();
app.disable('x-powered-by');
app.use((req, res, next) => { req.id = `r${(++requestCounter).toString(36)}`; res.set('x-request-id', req.id); next(); });
app.use((req, res, next) => { req.startedAt = performance.now(); next(); });
app.use((req, res, next) => { res.set('x-content-type-options', 'nosniff'); next(); });
app.use((req, res, next) => { req.isMobile = String(req.headers['user-agent'] || '').includes('Mobile'); next(); });
app.use((req, res, next) => { res.set('access-control-allow-origin', 'https://app.example.com'); res.set('access-control-allow-credentials', 'true'); next(); });
app.use((req, res, next) => { const lang = String(req.headers['accept-language'] || 'en').slice(0, 2); req.locale = LOCALES.has(lang) ? lang : 'en'; next(); });
app.use((req, res, next) => { req.flags = FLAGS; next(); });
app.use((req, res, next) => { req.clientVersion = req.headers['x-client-version'] || 'web'; next(); });
app.use((req, res, next) => { if (req.method === 'TRACE') return res.sendStatus(405); next(); });
app.use((req, res, next) => { if (!API_KEYS.has(req.headers['x-api-key'])) return res.status(401).json({ error: 'bad key' }); req.team = req.headers['x-api-key'].slice(4); next(); });
app.use((req, res, next) => { req.tenant = { id: req.team, plan: 'pro' }; next(); });
app.use((req, res, next) => { res.locals.region = 'eu'; next(); });
app.use((req, res, next) => { req.audit = { id: req.id, team: req.team }; next(); });

app.get('/api/v1/profile', (req, res) => {
  res.set('server-timing', `app;dur=${(performance.now() - req.startedAt).toFixed(2)}`);
  res.json({ team: req.team, locale: req.locale, plan: req.tenant.plan, flags: req.flags, requestId: req.id });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-middleware-stack listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
