'use strict';
// Lab "gc-churn": an order-statistics endpoint that, on every request, materialises the order table as fresh
// objects (buildRows), keeps them while it awaits exchange rates, copies them again through filter and map, and
// throws everything away. The CPU is busy, and a large share of that time is the garbage collector cleaning up.
const http = require('node:http');

// Orders per request. Small enough that no single request blocks the loop for long; the cost is in the garbage.
const ORDERS = 2500;
const STATUSES = ['new', 'paid', 'shipped', 'returned'];

function buildRows(count) {
  const rows = [];
  for (let i = 0; i < count; i++) {
    rows.push({ id: i, customer: `customer-${i % 997}`, status: STATUSES[i % 4], amount: (i % 500) + 0.99, items: [i % 7, i % 11] });
  }
  return rows;
}

// Stands in for an asynchronous lookup (a cache, a database). The rows built before it stay alive across it.
function loadExchangeRate() {
  return new Promise((resolve) => setImmediate(() => resolve(1.08)));
}

async function orderStats() {
  const rows = buildRows(ORDERS);
  const rate = await loadExchangeRate();
  const counted = rows
    .filter((row) => row.status !== 'returned')
    .map((row) => ({ ...row, total: row.amount * row.items.length * rate }));
  let revenue = 0;
  for (const row of counted) revenue += row.total;
  return { orders: rows.length, counted: counted.length, revenue: Math.round(revenue) };
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
  console.log(`lab gc-churn (slow) listening on http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)).closeAllConnections());
