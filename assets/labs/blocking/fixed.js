'use strict';
// Lab "blocking", fixed variant. The report for a region only changes when the sales data does, so it is computed
// once per region and kept for a minute instead of being recomputed on every request. Nearly every request now reads
// a ready answer; the event loop is free again.
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

// How long a computed report is served before it is recomputed.
const REPORT_TTL_MS = 60_000;
const reports = new Map();

function getReport(region) {
  const cached = reports.get(region);
  if (cached && Date.now() - cached.at < REPORT_TTL_MS) return cached.report;
  const report = computeReport(region);
  reports.set(region, { at: Date.now(), report });
  return report;
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
  console.log(`lab blocking (fixed) listening on http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)).closeAllConnections());
