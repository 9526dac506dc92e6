'use strict';
// A shop's catalogue on Koa with a home-made session store: ensureSession gives every visitor without a session
// cookie a new session (an id, timestamps, the user agent, an empty cart, preferences, the pages seen) kept in a
// module-level Map. Nothing ever deletes a session: there is no expiry, no sweep, and clients that never send the
// cookie back (crawlers, health checkers, the load generator) create one per request. Each entry is well under a
// kilobyte, so at ~100 requests a second the heap grows slowly (tens of kilobytes a second) and without end.
const crypto = require('node:crypto');
const Koa = require('koa');
const Router = require('@koa/router');

const sessions = new Map();

function ensureSession(ctx) {
  const id = ctx.cookies.get('sid');
  let session = id && sessions.get(id);
  if (!session) {
    session = {
      id: crypto.randomUUID(),
      createdAt: Date.now(),
      lastSeen: Date.now(),
      userAgent: String(ctx.get('user-agent') || 'unknown'),
      ip: ctx.ip,
      cart: [],
      prefs: { currency: 'EUR', locale: 'en-GB', theme: 'light' },
      seen: [],
    };
    sessions.set(session.id, session);
    ctx.cookies.set('sid', session.id, { httpOnly: true, sameSite: 'lax' });
  }
  session.lastSeen = Date.now();
  return session;
}

const products = Array.from({ length: 600 }, (_, i) => ({ id: i + 1, name: `Product ${i + 1}`, priceCents: 199 + ((i * 7919) % 9000) }));

const app = new Koa();
const router = new Router();
router.get('/catalog/:page', (ctx) => {
  const session = ensureSession(ctx);
  const page = Math.max(1, Number(ctx.params.page) || 1);
  session.seen.push(page);
  ctx.body = { page, currency: session.prefs.currency, items: products.slice((page - 1) * 12, page * 12) };
});
app.use(router.routes());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-session-map-slow-leak listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
