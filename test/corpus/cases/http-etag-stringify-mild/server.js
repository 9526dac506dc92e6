'use strict';
// A small inventory API that supports conditional GETs. To produce an ETag, computeVersion serialises the whole
// inventory and hashes it on every request, although the inventory only changes when a write comes in (a version
// counter would do).
const http = require('node:http');
const crypto = require('node:crypto');

const inventory = [];
for (let i = 0; i < 2600; i++) inventory.push({ sku: `sku-${i}`, name: `Item ${i}`, qty: (i * 7) % 50, bin: `A${i % 20}` });

function computeVersion() {
  return crypto.createHash('sha1').update(JSON.stringify(inventory)).digest('base64url');
}

function sendJson(req, res, value) {
  const etag = `"${computeVersion()}"`;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { etag });
    return res.end();
  }
  const body = JSON.stringify(value);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), etag });
  res.end(body);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const m = /^\/items\/(\d+)$/.exec(url.pathname);
  if (m && inventory[Number(m[1])]) return sendJson(req, res, inventory[Number(m[1])]);
  if (url.pathname === '/items') {
    const page = Number(url.searchParams.get('page') || 0);
    return sendJson(req, res, inventory.slice(page * 10, page * 10 + 10));
  }
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end('{"error":"not found"}');
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-etag-stringify-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
