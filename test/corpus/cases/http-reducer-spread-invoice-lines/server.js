'use strict';
// A billing API that builds a customer's monthly invoice from its 1,500 usage lines. billableLines was written in an
// "immutable" style: a reduce whose callback returns [...acc, line] for every billable line, so each step copies the
// whole accumulator into a new array (over a million element copies and megabytes of short-lived arrays per invoice).
// The lines are then held across the awaited currency-rate lookup; with ten invoices in flight garbage collection
// takes a large share of the time.
const http = require('node:http');

const CUSTOMERS = ['acme', 'globex', 'initech', 'umbrella'];
const usage = new Map();
for (const [c, customer] of CUSTOMERS.entries()) {
  const lines = [];
  for (let i = 0; i < 1500; i++) lines.push({ id: i, meter: ['api-calls', 'storage-gb', 'egress-gb', 'seats'][i % 4], quantity: ((i * 31 + c) % 97) + 1, unitPrice: ((i % 13) + 1) / 100, free: i % 10 === 0 });
  usage.set(customer, lines);
}
const RATES = { EUR: 1, USD: 1.08, GBP: 0.86 };
const loadUsage = (customer) => new Promise((resolve) => setImmediate(() => resolve(usage.get(customer))));
const loadRate = (currency) => new Promise((resolve) => setImmediate(() => resolve(RATES[currency])));

function billableLines(lines) {
  return lines.reduce((acc, line) => (line.free ? acc : [...acc, { ...line, amount: line.quantity * line.unitPrice }]), []);
}

async function buildInvoice(customer, currency) {
  const lines = billableLines(await loadUsage(customer));
  const rate = await loadRate(currency);
  let total = 0;
  const byMeter = {};
  for (const line of lines) {
    const amount = line.amount * rate;
    total += amount;
    byMeter[line.meter] = (byMeter[line.meter] || 0) + amount;
  }
  return { customer, currency, lines: lines.length, total: +total.toFixed(2), byMeter };
}

const server = http.createServer((req, res) => {
  const m = /^\/invoices\/([a-z]+)\?currency=([A-Z]{3})$/.exec(req.url);
  if (!m || !usage.has(m[1]) || !RATES[m[2]]) {
    res.writeHead(404, { 'content-type': 'application/json' });
    return res.end('{"error":"not found"}');
  }
  buildInvoice(m[1], m[2]).then((invoice) => {
    const body = JSON.stringify(invoice);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-reducer-spread-invoice-lines listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
