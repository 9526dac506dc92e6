'use strict';
// A shipment lookup API. indexShipments rebuilds a Map from tracking number to a fresh summary object for all 15,000
// shipments on every request, then awaits the carrier-status step (an asynchronous in-process call) before reading
// the one entry it needs. Ten requests in flight each hold a 15,000-entry Map and its objects across the await, so
// they outlive young-generation collections and garbage collection dominates.
const Koa = require('koa');
const Router = require('@koa/router');

const shipments = [];
for (let i = 0; i < 15000; i++) shipments.push({ tracking: `TRK${String(i).padStart(7, '0')}`, weightKg: (i % 50) / 2, zone: i % 9, status: ['packed', 'in-transit', 'delivered'][i % 3] });

const carrierStatus = (tracking) => new Promise((resolve) => setImmediate(() => resolve({ tracking, checkpoint: 'hub' })));

async function indexShipments(tracking) {
  const index = new Map();
  for (const s of shipments) index.set(s.tracking, { tracking: s.tracking, label: `${s.tracking}/${s.zone}`, weightKg: s.weightKg, status: s.status });
  const carrier = await carrierStatus(tracking);
  const summary = index.get(tracking);
  return summary ? { ...summary, checkpoint: carrier.checkpoint } : null;
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/shipments/:tracking', async (ctx) => {
  const summary = await indexShipments(ctx.params.tracking);
  if (!summary) ctx.throw(404, 'no such shipment');
  ctx.body = summary;
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-index-map-rebuild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
