'use strict';
// Lab "odm-hydration", fixed variant. Answers that are only read and sent take the lean path, as
// Order.find(filter).lean() does: the database's plain objects, no mongoose documents. Counting asks the database to
// count, as Order.countDocuments(filter) does, and loads nothing. Full documents are for code that changes and saves
// them (this service has none).
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

// Order.find(filter).lean(): plain objects, for reading.
function findOrders(filter, options) {
  return db.find(filter, options);
}

// Order.countDocuments(filter): the database counts.
function countOrders(filter) {
  return db.countDocuments(filter);
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
  console.log(`lab odm-hydration (fixed) listening on http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)).closeAllConnections());
