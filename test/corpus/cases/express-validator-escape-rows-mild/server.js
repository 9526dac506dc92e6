'use strict';
// A back-office order list rendered as an HTML table by hand. renderOrderRows renders a row for every open order,
// escaping each field with validator's escape (a chain of seven String#replace calls per value), on every request,
// and the page then keeps the 50 newest rows: 160 orders x 9 fields escaped per request, although the list changes a
// few times a minute and the rendered rows could be kept until it does.
const express = require('express');
const validator = require('validator');

const orders = [];
const NAMES = ['Ana <Ortiz>', "O'Brien & Sons", 'Jürgen "JJ" Weiß', 'Li Wei', 'Nadia & Co', 'Tom <admin>'];
for (let i = 0; i < 160; i++) {
  orders.push({
    id: `SO-${70000 + i}`,
    customer: NAMES[i % NAMES.length],
    email: `buyer${i}@example.com`,
    address: `${10 + i} Long Street & Market Square, Flat "${i % 9}", Springfield`,
    items: `${1 + (i % 4)} x Widget <${['small', 'large', 'xl'][i % 3]}>; 1 x Cable 'USB-C'`,
    note: i % 3 ? `Leave at the door if nobody's home; ring twice & wait. Ref <${i}>` : 'Fragile: glass & ceramics, "this side up"',
    status: ['paid', 'packed', 'shipped'][i % 3],
    total: `€${(19.99 + i * 3.5).toFixed(2)}`,
    placedAt: new Date(Date.UTC(2026, 10, 1 + (i % 20), 9, i % 60)).toISOString(),
  });
}
const FIELDS = ['id', 'customer', 'email', 'address', 'items', 'note', 'status', 'total', 'placedAt'];

function renderOrderRows(list) {
  const rows = [];
  for (const order of list) {
    const cells = FIELDS.map((field) => validator.escape(String(order[field])));
    rows.push(`<tr><td>${cells.join('</td><td>')}</td></tr>`);
  }
  return rows;
}

const app = express();
app.disable('x-powered-by');
app.get('/orders', (req, res) => {
  const newest = renderOrderRows(orders).slice(-50);
  res.type('html').send(`<!doctype html><title>Orders</title><table>\n${newest.join('\n')}</table>`);
});
app.get('/orders/:id/status', (req, res) => {
  const order = orders.find((o) => o.id === req.params.id);
  if (!order) return res.status(404).json({ error: 'no such order' });
  res.json({ id: order.id, status: order.status });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-validator-escape-rows-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
