'use strict';
// A price-comparison API whose sessions are mongoose documents kept in an in-memory store (a Map; the Redis store is
// only configured in production, which runs this same code with it disabled since a config change). createSession
// makes a new Session document for every request that arrives without a session cookie; the partner feeds that call
// this API never keep cookies, so every one of their requests creates a session, and the store has no expiry.
const crypto = require('node:crypto');
const express = require('express');
const mongoose = require('mongoose');

const sessionSchema = new mongoose.Schema({
  sid: { type: String, required: true },
  createdAt: { type: Date, default: Date.now },
  userAgent: String,
  ip: String,
  locale: { type: String, default: 'en' },
  cart: [{ sku: String, quantity: Number }],
  recentlyViewed: [String],
});
const Session = mongoose.model('Session', sessionSchema);
const sessions = new Map();
let sessionSerial = 0;

function createSession(req) {
  const sid = crypto.createHash('sha1').update(`s${sessionSerial++}`).digest('hex');
  const session = new Session({ sid, userAgent: req.get('user-agent'), ip: req.ip, locale: req.acceptsLanguages('en', 'de', 'fr') || 'en', cart: [], recentlyViewed: [req.path] });
  sessions.set(sid, session);
  return session;
}

function sessionFor(req, res) {
  const m = /(?:^|;\s*)sid=([0-9a-f]+)/.exec(req.get('cookie') || '');
  const existing = m && sessions.get(m[1]);
  if (existing) return existing;
  const session = createSession(req);
  res.set('set-cookie', `sid=${session.sid}; HttpOnly; Path=/`);
  return session;
}

const offers = [];
for (let i = 0; i < 200; i++) offers.push({ sku: `SKU-${i}`, shop: `shop-${i % 9}`, priceCents: 999 + ((i * 131) % 5000) });

const app = express();
app.disable('x-powered-by');
app.get('/offers/:sku', (req, res) => {
  sessionFor(req, res);
  res.json(offers.filter((o) => o.sku === req.params.sku));
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-mongoose-cookieless-sessions-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
