'use strict';
// Lab "blocking": a sales-report endpoint that crunches numbers synchronously on every request. While
// computeReport runs (tens of milliseconds), the event loop can do nothing else: every other request, timer and
// health check waits behind it.
const http = require('node:http');

// Simulated sales records scanned per report: ~25 ms of CPU per report on a modest 2-core machine once the JIT has
// optimised computeReport (Node 20 to 24; several times that before), well past the 10 ms at which one request's
// synchronous work counts as blocking the loop.
const SALES_RECORDS = 15_000_000;
const PRODUCTS = 1000;

function computeReport(region) {
  let seed = 0;
  for (let i = 0; i < region.length; i++) seed = (seed * 31 + region.charCodeAt(i)) >>> 0;
  const revenueByProduct = new Float64Array(PRODUCTS);
  let total = 0;
  for (let i = 0; i < SALES_RECORDS; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    const amount = (seed % 10000) / 100;
    revenueByProduct[seed % PRODUCTS] += amount;
    total += amount;
  }
  let best = 0;
  for (let p = 1; p < PRODUCTS; p++) if (revenueByProduct[p] > revenueByProduct[best]) best = p;
  return { region, records: SALES_RECORDS, revenue: Math.round(total), bestProduct: best };
}

function getReport(region) {
  return computeReport(region);
}

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/report') return sendJson(res, 200, getReport(url.searchParams.get('region') || 'eu'));
  if (url.pathname === '/products') return sendJson(res, 200, { products: PRODUCTS });
  if (url.pathname === '/health') return sendJson(res, 200, { ok: true });
  sendJson(res, 404, { error: 'not found' });
}

const server = http.createServer(handle);
server.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => {
  console.log(`lab blocking (slow) listening on http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)).closeAllConnections());
