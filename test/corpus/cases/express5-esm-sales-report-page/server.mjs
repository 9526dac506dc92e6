// A sales team's report API, an ES module (server.mjs) on Express 5. The order lines of the quarter are loaded at
// start (generated here, 40,000 lines) and new lines keep arriving (recordIncomingOrders, a few every 100 ms), so
// pages counted from the newest line shift all the time. GET /reports/regions?page=N takes one page of 500 lines,
// newest first, and aggregates it in JavaScript (aggregatePage): revenue, units and average basket per region and per product family, and the top five
// products. One pass over 500 rows plus a sort of a few dozen keys: the work the report exists to do.
import express from 'express5';

const REGIONS = ['north', 'south', 'east', 'west', 'centre'];
const FAMILIES = ['tools', 'garden', 'kitchen', 'paint', 'lighting', 'storage'];
const orderLine = (i) => ({
  orderId: 100000 + Math.floor(i / 3),
  region: REGIONS[(i * 7) % REGIONS.length],
  family: FAMILIES[(i * 11) % FAMILIES.length],
  sku: `SKU-${(i * 37) % 900}`,
  units: 1 + (i % 6),
  unitCents: 199 + ((i * 7919) % 9000),
});
const lines = Array.from({ length: 40000 }, (_, i) => orderLine(i));
const MAX_LINES = 60000; // the quarter's window: older lines leave as new ones arrive

function recordIncomingOrders() {
  for (let k = 0; k < 3; k++) lines.push(orderLine(lines.length));
  if (lines.length > MAX_LINES) lines.splice(0, lines.length - MAX_LINES);
}
setInterval(recordIncomingOrders, 100).unref();

const PAGE_SIZE = 500;

function aggregatePage(page) {
  const end = lines.length - (page - 1) * PAGE_SIZE;
  const rows = lines.slice(Math.max(0, end - PAGE_SIZE), end);
  const byRegion = {};
  const byFamily = {};
  const bySku = new Map();
  const orders = new Set();
  for (const r of rows) {
    const cents = r.units * r.unitCents;
    const region = (byRegion[r.region] ??= { revenueCents: 0, units: 0, orders: new Set() });
    region.revenueCents += cents;
    region.units += r.units;
    region.orders.add(r.orderId);
    const family = (byFamily[r.family] ??= { revenueCents: 0, units: 0 });
    family.revenueCents += cents;
    family.units += r.units;
    bySku.set(r.sku, (bySku.get(r.sku) ?? 0) + cents);
    orders.add(r.orderId);
  }
  const regions = Object.entries(byRegion).map(([name, v]) => ({ name, revenueCents: v.revenueCents, units: v.units, averageBasketCents: Math.round(v.revenueCents / v.orders.size) }));
  const topProducts = [...bySku].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([sku, revenueCents]) => ({ sku, revenueCents }));
  return { page, lines: rows.length, orders: orders.size, regions, families: byFamily, topProducts };
}

const app = express();
app.get('/reports/regions', (req, res) => {
  const page = Math.min(80, Math.max(1, Number(req.query.page) || 1));
  res.json(aggregatePage(page));
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express5-esm-sales-report-page listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
