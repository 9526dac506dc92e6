'use strict';
// An inventory API with a per-key token-bucket rate limiter in which a request costs one token per item it carries.
// The bucket holds 40 tokens (refilled at 400 a second), but the partner's bulk sync sends 45-50 items per request:
// takeTokens can never find that many tokens, so every bulk sync is answered 429 with a Retry-After, forever, while
// the single-item reads pass.
const http = require('node:http');

const CAPACITY = 40;
const REFILL_PER_SEC = 400;
const buckets = new Map();

function takeTokens(apiKey, cost) {
  const now = performance.now();
  let bucket = buckets.get(apiKey);
  if (!bucket) {
    bucket = { tokens: CAPACITY, at: now };
    buckets.set(apiKey, bucket);
  }
  bucket.tokens = Math.min(CAPACITY, bucket.tokens + ((now - bucket.at) / 1000) * REFILL_PER_SEC);
  bucket.at = now;
  if (bucket.tokens < cost) return false;
  bucket.tokens -= cost;
  return true;
}

const stock = new Map();
for (let i = 1; i <= 500; i++) stock.set(`SKU-${i}`, (i * 37) % 150);

function send(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function rejectOverLimit(res) {
  send(res, 429, { error: 'rate limit exceeded' }, { 'retry-after': '1' });
}

const server = http.createServer((req, res) => {
  const apiKey = req.headers['x-api-key'] || 'anonymous';
  if (req.method === 'GET') {
    const m = /^\/stock\/(SKU-\d+)$/.exec(req.url);
    if (!m) return send(res, 404, { error: 'not found' });
    if (!takeTokens(apiKey, 1)) return rejectOverLimit(res);
    return send(res, 200, { sku: m[1], onHand: stock.get(m[1]) ?? 0 });
  }
  if (req.method === 'POST' && req.url === '/stock/sync') {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      let items;
      try {
        items = JSON.parse(body).items;
      } catch {
        return send(res, 400, { error: 'invalid JSON' });
      }
      if (!Array.isArray(items)) return send(res, 400, { error: 'items must be an array' });
      if (!takeTokens(apiKey, items.length)) return rejectOverLimit(res);
      for (const it of items) stock.set(it.sku, it.onHand);
      send(res, 200, { updated: items.length });
    });
    return;
  }
  send(res, 405, { error: 'method not allowed' });
});
server.keepAliveTimeout = 30000;

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-bulk-cost-429 listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
