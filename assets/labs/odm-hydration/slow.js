'use strict';
// Lab "odm-hydration": an order service on express and mongoose. Its data access reads orders the way Model.find()
// does: every raw document becomes a full mongoose document (casting, getters, change tracking, subdocuments), even
// for answers that are only read and sent. The /orders/count endpoint loads and builds every order there is, only to
// count them: a few thousand documents, built synchronously, on each call.
// The database is in memory (orders-db.js) so the lab runs without a MongoDB server; the cost is mongoose's own.
const express = require('express');
const mongoose = require('mongoose');
const db = require('./orders-db.js');

const itemSchema = new mongoose.Schema({ sku: String, name: String, qty: Number, price: Number }, { _id: false });
const orderSchema = new mongoose.Schema(
  {
    customerId: { type: String, index: true },
    status: { type: String, enum: ['open', 'paid', 'shipped', 'cancelled'] },
    placedAt: Date,
    currency: String,
    total: Number,
    items: [itemSchema],
    shipping: { name: String, street: String, city: String, postcode: String, country: String },
    notes: String,
  },
  { timestamps: true },
);
const Order = mongoose.model('Order', orderSchema);

// What Order.find(filter) does with each document the database returns: hydrate it into a mongoose document.
function findOrders(filter, options) {
  const orders = [];
  for (const raw of db.find(filter, options)) orders.push(Order.hydrate(raw));
  return orders;
}

function countOrders(filter) {
  return findOrders(filter).length;
}

const app = express();

app.get('/orders/count', (req, res) => {
  const filter = req.query.status ? { status: String(req.query.status) } : {};
  res.json({ count: countOrders(filter) });
});

app.get('/orders/recent', (req, res) => {
  res.json(findOrders({}, { limit: 20 }));
});

app.get('/customers/:id/orders', (req, res) => {
  res.json(findOrders({ customerId: req.params.id }));
});

app.get('/health', (req, res) => res.json({ ok: true }));

const server = app.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => {
  console.log(`lab odm-hydration (slow) listening on http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)).closeAllConnections());
