'use strict';
// An orders API on Express with jsonwebtoken and pino (to a log file). Both the web shop and the mobile app send a
// bearer token from the same identity service; the web's tokens carry aud "web", the mobile app's aud "mobile-app".
// authenticate verifies every token with audience: 'web' only (the setting was copied from the web's gateway when
// the API was split out), so jsonwebtoken rejects every mobile token ("jwt audience invalid") and the app answers 401
// with a pino warning. The API is otherwise quick: GET /orders returns the customer's latest orders from memory.
const os = require('node:os');
const path = require('node:path');
const fs = require('node:fs');
const express = require('express');
const jwt = require('jsonwebtoken');
const pino = require('pino');

const logFile = path.join(os.tmpdir(), `express-jwt-audience-rejects-mobile-401-${process.pid}.log`);
const log = pino({ level: 'info', base: { service: 'orders-api' } }, pino.destination({ dest: logFile, sync: false }));
const SIGNING_KEY = 'orders-api-signing-key-2026';
const VERIFY = { algorithms: ['HS256'], audience: 'web', issuer: 'https://auth.example' };

const orders = new Map();
for (const customer of ['customer-1042', 'customer-2210', 'customer-377']) {
  const n = Number(customer.split('-')[1]);
  orders.set(customer, Array.from({ length: 10 }, (_, i) => ({
    id: `ORD-${n}-${100 + i}`, status: ['paid', 'shipped', 'delivered'][(n + i) % 3], total: ((n * 31 + i * 977) % 20000) / 100 + 9.9,
  })));
}

function authenticate(req, res, next) {
  const token = String(req.headers.authorization || '').replace(/^Bearer\s+/i, '');
  try {
    req.user = jwt.verify(token, SIGNING_KEY, VERIFY);
    next();
  } catch (err) {
    log.warn({ reason: err.message, path: req.path, ua: req.headers['user-agent'] }, 'token rejected');
    res.status(401).json({ error: 'invalid token' });
  }
}

const app = express();
app.get('/health', (req, res) => res.json({ ok: true }));
app.use(authenticate);
app.get('/orders', (req, res) => {
  res.json({ customer: req.user.sub, orders: orders.get(req.user.sub) || [] });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-jwt-audience-rejects-mobile-401 listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => {
    fs.rmSync(logFile, { force: true });
    process.exit(0);
  });
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
