'use strict';
// A usage-metering API. API keys are stored as scrypt hashes (good), but verifyApiKey re-derives the hash with
// crypto.scryptSync on every request (N = 2^15) on the main thread: each authenticated call holds the event loop for
// tens of milliseconds, and the cheap /v1/status requests wait behind it.
const http = require('node:http');
const crypto = require('node:crypto');

const SCRYPT = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const salt = Buffer.from('corpus-round-2-salt');
const keys = new Map([['acme', crypto.scryptSync('acme-secret-key-0001', salt, 32, SCRYPT)]]);
const usage = { acme: { calls: 0, bytes: 0 } };

function verifyApiKey(header) {
  const [tenant, secret] = String(header || '').split(':');
  const stored = keys.get(tenant);
  if (!stored || !secret) return null;
  const derived = crypto.scryptSync(secret, salt, 32, SCRYPT);
  return crypto.timingSafeEqual(stored, derived) ? tenant : null;
}

const server = http.createServer((req, res) => {
  if (req.url === '/v1/status') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end('{"ok":true}');
  }
  if (req.url === '/v1/usage') {
    const tenant = verifyApiKey(req.headers['x-api-key']);
    if (!tenant) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end('{"error":"bad key"}');
    }
    usage[tenant].calls++;
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ tenant, ...usage[tenant] }));
  }
  res.writeHead(404).end();
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-scrypt-apikey listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
