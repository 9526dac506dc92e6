'use strict';
// A warehouse inventory API on Express, written with care: the stock is held in memory in Maps indexed by SKU and by
// location (loaded once at start), GET /items/:sku is one Map lookup, GET /locations/:code/items pages over a
// pre-built array, and POST /items/:sku/adjust validates a small body by hand and updates one record. Every handler
// is short, synchronous work of microseconds; under load the time goes to Express and HTTP themselves. Nothing to fix.
const express = require('express');

const items = new Map();
const byLocation = new Map();
for (let i = 1; i <= 20000; i++) {
  const item = { sku: `SKU-${String(i).padStart(6, '0')}`, name: `Item ${i}`, location: `A${(i % 40) + 1}`, onHand: (i * 7919) % 500, reserved: i % 7 };
  items.set(item.sku, item);
  if (!byLocation.has(item.location)) byLocation.set(item.location, []);
  byLocation.get(item.location).push(item);
}

const app = express();
app.use(express.json({ limit: '4kb' }));
app.get('/items/:sku', (req, res) => {
  const item = items.get(req.params.sku);
  if (!item) return res.status(404).json({ error: 'no such item' });
  res.json({ ...item, available: item.onHand - item.reserved });
});
app.get('/locations/:code/items', (req, res) => {
  const list = byLocation.get(req.params.code) || [];
  const limit = Math.min(50, Math.max(1, Number(req.query.limit) || 20));
  const offset = Math.max(0, Number(req.query.offset) || 0);
  res.json({ total: list.length, items: list.slice(offset, offset + limit) });
});
app.post('/items/:sku/adjust', (req, res) => {
  const item = items.get(req.params.sku);
  const delta = req.body && req.body.delta;
  if (!item) return res.status(404).json({ error: 'no such item' });
  if (!Number.isInteger(delta) || Math.abs(delta) > 1000) return res.status(400).json({ error: 'delta must be an integer within 1000' });
  item.onHand = Math.max(0, item.onHand + delta);
  res.json({ sku: item.sku, onHand: item.onHand });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-inventory-json-api listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
