'use strict';
// A back-office API on Koa. GET /reports/weekly renders the weekly sales report synchronously (renderReport walks
// 120,000 order rows and builds the HTML table in one go); GET /prices/:sku asks the pricing service (a separate
// process answering in 5 ms) with a 100 ms timeout and answers 504 when it runs out. The timeouts are what the team
// sees; what makes them fire is the loop held by the renders: a price answer that arrived in 5 ms waits behind them,
// and the timer fires first.
const http = require('node:http');
const Koa = require('koa');
const Router = require('@koa/router');
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

const REGIONS = ['north', 'south', 'east', 'west', 'central'];
const orders = [];
for (let i = 0; i < 120000; i++) {
  orders.push({ id: 100000 + i, region: REGIONS[i % 5], sku: `SKU-${(i * 7919) % 900}`, qty: 1 + (i % 7), cents: 199 + ((i * 37) % 9000), day: i % 7 });
}

function renderReport() {
  const bySku = new Map();
  for (const o of orders) {
    const key = `${o.region}:${o.sku}`;
    let row = bySku.get(key);
    if (!row) bySku.set(key, (row = { region: o.region, sku: o.sku, qty: 0, cents: 0, days: [0, 0, 0, 0, 0, 0, 0] }));
    row.qty += o.qty;
    row.cents += o.qty * o.cents;
    row.days[o.day] += o.qty;
  }
  const rows = [...bySku.values()].sort((a, b) => b.cents - a.cents || a.sku.localeCompare(b.sku));
  let html = '<table><tr><th>Region</th><th>SKU</th><th>Qty</th><th>Revenue</th><th>Mon-Sun</th></tr>';
  for (const r of rows) {
    html += `<tr><td>${r.region}</td><td>${r.sku}</td><td>${r.qty}</td><td>${(r.cents / 100).toFixed(2)}</td><td>${r.days.join(' / ')}</td></tr>`;
  }
  return `${html}</table>`;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
let pricingPort;

function getPrice(sku) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: pricingPort, path: `/price/${sku}`, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
  });
}

function withTimeout(promise, ms) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('pricing service timed out'), { status: 504 })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const router = new Router();
router.get('/reports/weekly', (ctx) => {
  ctx.type = 'html';
  ctx.body = renderReport();
});
router.get('/prices/:sku', async (ctx) => {
  try {
    const price = await withTimeout(getPrice(ctx.params.sku), 100);
    ctx.body = { sku: ctx.params.sku, price: price.value };
  } catch (err) {
    ctx.status = err.status || 502;
    ctx.body = { error: err.message };
  }
});

const app = new Koa();
app.use(router.routes());

let server;
startDownstream(5).then(async (port) => {
  pricingPort = port;
  // Check the pricing service answers before taking traffic (this also opens the first keep-alive connection).
  await getPrice('SKU-0');
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`koa-report-render-starves-price-timeouts listening on http://127.0.0.1:${server.address().port}`);
  });
});

function shutdown() {
  agent.destroy();
  const done = () => stopDownstream().then(() => process.exit(0));
  if (!server) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
