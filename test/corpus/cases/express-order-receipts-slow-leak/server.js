'use strict';
// A small shop's checkout on Express. POST /orders prices the basket and answers with the order; rememberReceipt
// keeps a short receipt of every order in a Map, for the 'your recent orders' box, keyed by order id. Nothing ever
// removes a receipt (the box only shows the last five of a customer), so the Map grows by a few hundred bytes per
// order, forever: slowly at this shop's traffic, but without bound.
const express = require('express');

const PRICES = { 'SKU-1': 1299, 'SKU-2': 450, 'SKU-3': 8900, 'SKU-4': 120, 'SKU-5': 3475 };
const receipts = new Map();
let nextOrderId = 1;

function rememberReceipt(order) {
  receipts.set(order.id, {
    id: order.id,
    customer: order.customer,
    total: order.total,
    items: order.lines.map((l) => `${l.qty}x ${l.sku}`).join(', '),
    placedAt: new Date(order.placedAt).toISOString(),
  });
}

function recentReceipts(customer) {
  const mine = [];
  for (const r of receipts.values()) if (r.customer === customer) mine.push(r);
  return mine.slice(-5);
}

const app = express();
app.disable('x-powered-by');
app.use(express.json({ limit: '16kb' }));
app.post('/orders', (req, res) => {
  const { customer, items } = req.body;
  const lines = (items || []).filter((i) => PRICES[i.sku]).map((i) => ({ sku: i.sku, qty: Math.max(1, Math.min(20, i.qty | 0)), cents: PRICES[i.sku] }));
  if (!customer || lines.length === 0) return res.status(400).json({ error: 'empty basket' });
  const order = { id: `ord_${(nextOrderId++).toString(36).padStart(8, '0')}`, customer, lines, total: lines.reduce((s, l) => s + l.qty * l.cents, 0), placedAt: Date.now() };
  rememberReceipt(order);
  res.status(201).json(order);
});
app.get('/customers/:id/recent', (req, res) => {
  res.json(recentReceipts(req.params.id));
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-order-receipts-slow-leak listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
