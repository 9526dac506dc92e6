'use strict';
// A shop's storefront API on Express 5. A home-made session middleware gives every visitor without a cookie a new
// session (createSession) and keeps it in a Map keyed by the session id. Sessions were meant to expire after 30
// minutes of inactivity, but nothing ever deletes them: every first request of a visitor (and every bot or client
// that ignores cookies) adds one for the life of the process.
const crypto = require('node:crypto');
const express = require('express5');

const SESSION_IDLE_MS = 30 * 60 * 1000; // what the sessions were meant to live for; never enforced
const sessions = new Map();

function createSession(req) {
  const id = crypto.randomUUID();
  const session = {
    id,
    createdAt: Date.now(),
    lastSeen: Date.now(),
    idleLimitMs: SESSION_IDLE_MS,
    csrfToken: crypto.randomBytes(24).toString('hex'),
    userAgent: String(req.headers['user-agent'] || ''),
    ip: req.socket.remoteAddress,
    cart: [],
    viewed: [],
  };
  sessions.set(id, session);
  return session;
}

function sessionFrom(req) {
  const m = /(?:^|;\s*)sid=([0-9a-f-]{36})/.exec(req.headers.cookie || '');
  const found = m && sessions.get(m[1]);
  if (found) {
    found.lastSeen = Date.now();
    return found;
  }
  return null;
}

const products = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, name: `Product ${i + 1}`, priceCents: 499 + ((i * 7919) % 9000) }));

const app = express();
app.use((req, res, next) => {
  let session = sessionFrom(req);
  if (!session) {
    session = createSession(req);
    res.setHeader('set-cookie', `sid=${session.id}; HttpOnly; Path=/; SameSite=Lax`);
  }
  req.session = session;
  next();
});
app.get('/api/products/:id', (req, res) => {
  const product = products[Number(req.params.id) - 1];
  if (!product) return res.status(404).json({ error: 'no such product' });
  req.session.viewed.push(product.id);
  res.json(product);
});
app.get('/api/cart', (req, res) => {
  res.json({ items: req.session.cart, csrf: req.session.csrfToken });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express5-session-map-never-expires listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
