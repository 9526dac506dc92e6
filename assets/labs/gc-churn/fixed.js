'use strict';
// Lab "gc-churn", fixed variant. The statistics need three numbers per order, not an object per order: one pass
// over the orders computes them without building rows, copies or spreads, so there is next to no garbage left for
// the collector. Same route, same answer.
const http = require('node:http');

// Orders per request. Small enough that no single request blocks the loop for long; the cost is in the garbage.
const ORDERS = 2500;
const STATUSES = ['new', 'paid', 'shipped', 'returned'];

// One pass, no objects: the same figures orderStats used to get from buildRows + filter + map.
function sumOrders(count, rate) {
  let counted = 0;
  let revenue = 0;
  for (let i = 0; i < count; i++) {
    if (STATUSES[i % 4] === 'returned') continue;
    counted++;
    revenue += ((i % 500) + 0.99) * 2 * rate;
  }
  return { counted, revenue };
}

// Stands in for an asynchronous lookup (a cache, a database). The rows built before it stay alive across it.
function loadExchangeRate() {
  return new Promise((resolve) => setImmediate(() => resolve(1.08)));
}

async function orderStats() {
  const rate = await loadExchangeRate();
  const { counted, revenue } = sumOrders(ORDERS, rate);
  return { orders: ORDERS, counted, revenue: Math.round(revenue) };
}

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/orders/stats') return sendJson(res, 200, await orderStats());
  if (url.pathname === '/health') return sendJson(res, 200, { ok: true });
  sendJson(res, 404, { error: 'not found' });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((err) => sendJson(res, 500, { error: err.message }));
});
server.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => {
  console.log(`lab gc-churn (fixed) listening on http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)).closeAllConnections());
