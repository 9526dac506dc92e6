'use strict';
// A small API that starts an anonymous "session" for every request without a session cookie (the load test, like
// many API clients, never sends one). createSession stores about 1 KB per session (a token, preferences, a recently-viewed list) in a Map that has no expiry, so
// memory creeps up slowly, request after request, and never comes back.
const crypto = require('node:crypto');
const http = require('node:http');

const sessions = new Map();
let nextId = 1;

function createSession(req) {
  const id = `s${nextId++}`;
  const at = Date.now();
  sessions.set(id, {
    id,
    createdAt: at,
    userAgent: req.headers['user-agent'] || '',
    csrfToken: crypto.createHash('sha256').update(`${id}:${at}`).digest('hex'),
    cart: [],
    preferences: { theme: 'light', language: 'en', currency: 'EUR' },
    recentlyViewed: Array.from({ length: 6 }, (_, i) => ({ sku: `sku-${(nextId + i) % 500}`, at })),
  });
  return id;
}

function sessionFor(req) {
  const m = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie || '');
  if (m && sessions.has(m[1])) return m[1];
  return createSession(req);
}

const server = http.createServer((req, res) => {
  const sid = sessionFor(req);
  const body = JSON.stringify({ ok: true, path: req.url, sessions: sessions.size });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'set-cookie': `sid=${sid}; HttpOnly` });
  res.end(body);
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-session-slow-leak listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
