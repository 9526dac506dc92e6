'use strict';
// A stock-level API with a home-made debug log that was left switched on after an incident: logRequest writes a
// line holding util.inspect of the whole request and response objects (five levels deep: the request, the response,
// their socket, parser and server, with hidden properties: about 115 KB of text) for every request, to a stream nobody reads. Inspecting
// them costs far more than answering.
const http = require('node:http');
const util = require('node:util');
const { Writable } = require('node:stream');

const debugLog = new Writable({ write(chunk, encoding, done) { done(); } });
const DEBUG = process.env.STOCK_DEBUG !== '0';

const stock = new Map();
for (let i = 0; i < 500; i++) stock.set(`SKU-${1000 + i}`, { sku: `SKU-${1000 + i}`, onHand: (i * 17) % 90, warehouse: ['AMS', 'BER', 'MAD'][i % 3] });

function logRequest(req, res) {
  if (!DEBUG) return;
  debugLog.write(`${new Date().toISOString()} debug incoming request ${util.inspect({ req, res }, { depth: 5, showHidden: true })}\n`);
}

const server = http.createServer((req, res) => {
  logRequest(req, res);
  const url = new URL(req.url, 'http://localhost');
  const m = /^\/stock\/(SKU-\d+)$/.exec(url.pathname);
  const item = m && stock.get(m[1]);
  const body = JSON.stringify(item || { error: 'not found' });
  res.writeHead(item ? 200 : 404, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-debug-inspect-request listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
