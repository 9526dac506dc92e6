'use strict';
// A quote service whose pricing routine (ported from a legacy system) spins the CPU for 30 ms on every call.
// /health is cheap, but it waits behind every quote in progress.
const http = require('node:http');
const { performance } = require('node:perf_hooks');

function computeQuote(sku) {
  // The "legacy pricing engine": a busy-wait of 30 ms of synchronous work.
  const until = performance.now() + 30;
  let spins = 0;
  while (performance.now() < until) spins++;
  let price = 0;
  for (let i = 0; i < sku.length; i++) price += sku.charCodeAt(i) * (i + 1);
  return { sku, price: (price % 9000) / 100 + 10, currency: 'EUR', spins: spins > 0 };
}

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/quote') return sendJson(res, 200, computeQuote(url.searchParams.get('sku') || 'none'));
  if (url.pathname === '/health') return sendJson(res, 200, { ok: true });
  sendJson(res, 404, { error: 'not found' });
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-busy-wait-30ms listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
