'use strict';
// A sales-report API with a pivot table (region x month, summing revenue). pivotSales turns each of the 10,000 sales
// rows into a short-lived Map of its dimensions (new Map(_.toPairs(_.pick(row, DIMENSIONS)))), builds a cell key
// from it, and keeps the per-row Maps in an array across the awaited currency and target lookups before summing, on
// every request (a chunk of 2,500 rows per turn, so that no single stretch is long); reading row.region and
// row.month directly would allocate nothing per row.
const Koa = require('koa');
const Router = require('@koa/router');
const _ = require('lodash');

const DIMENSIONS = ['region', 'month', 'channel', 'currency'];
const CHUNK = 2500;
const REGIONS = ['north', 'south', 'east', 'west', 'central'];
const sales = [];
for (let i = 0; i < 10000; i++) {
  sales.push({ id: i, region: REGIONS[i % 5], month: `2026-${String(1 + (i % 12)).padStart(2, '0')}`, channel: i % 3 ? 'web' : 'store', currency: i % 4 ? 'EUR' : 'USD', revenueCents: 1000 + ((i * 7919) % 90000), sku: `S${i % 700}` });
}

// Asynchronous like the finance service client, answering from memory on the next turn.
const nextTurn = (value) => new Promise((resolve) => setImmediate(() => resolve(value)));
const rateFor = (currency) => nextTurn(currency === 'USD' ? 0.92 : 1);
const targetsFor = (year) => nextTurn({ year, perRegion: 4_000_000 });

async function pivotSales(rows, rowDim, colDim) {
  const keyed = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    for (const row of rows.slice(start, start + CHUNK)) {
      const dims = new Map(_.toPairs(_.pick(row, DIMENSIONS)));
      keyed.push({ dims, cell: `${dims.get(rowDim)}|${dims.get(colDim)}`, revenueCents: row.revenueCents });
    }
    await nextTurn();
  }
  const usd = await rateFor('USD');
  const targets = await targetsFor(2026);
  const cells = new Map();
  for (const k of keyed) {
    const cents = k.dims.get('currency') === 'USD' ? k.revenueCents * usd : k.revenueCents;
    cells.set(k.cell, (cells.get(k.cell) || 0) + cents);
  }
  return { rows: rowDim, columns: colDim, target: targets.perRegion, cells: Object.fromEntries(cells) };
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/reports/pivot', async (ctx) => {
  ctx.body = await pivotSales(sales, String(ctx.query.rows || 'region'), String(ctx.query.cols || 'month'));
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-pivot-row-maps listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
