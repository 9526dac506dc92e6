'use strict';
// An order API on Express that sends an order confirmation e-mail per order through a small in-process mailer.
// queueConfirmation renders the message (headers, a plain-text body with the order's lines, about 1.5 KB) and hands it
// to the mailer, which "sends" it (here a JSON transport, as in development and staging) and then moves it to its
// `sent` list so an admin page can show recent mail. Nothing ever trims `sent`: every order's rendered message stays
// in memory for the life of the process. At 150 orders a second that is a slow, steady climb, without bound.
const express = require('express');
const crypto = require('node:crypto');

const mailer = {
  queue: [],
  sent: [],
  deliver(message) {
    // A JSON transport: the message is serialised, as an SMTP transport would write it, and counted as sent.
    message.size = JSON.stringify(message).length;
    message.sentAt = new Date().toISOString();
    this.sent.push(message);
  },
  flush() {
    while (this.queue.length) this.deliver(this.queue.shift());
  },
};
setInterval(() => mailer.flush(), 200).unref();

let nextOrder = 100000;

function queueConfirmation(order) {
  const lines = order.items.map((i) => `  ${String(i.qty).padStart(3)} x ${i.name.padEnd(28)} ${(i.qty * i.priceCents / 100).toFixed(2).padStart(9)} EUR`).join('\n');
  mailer.queue.push({
    id: crypto.randomUUID(),
    to: order.email,
    from: 'orders@shop.example',
    subject: `Your order ${order.number} is confirmed`,
    text: `Hello ${order.name},\n\nthank you for your order ${order.number}, placed ${order.placedAt}.\n\n${lines}\n\nTotal: ${(order.totalCents / 100).toFixed(2)} EUR\n\nWe will e-mail you again when it ships. You can follow it at https://shop.example/orders/${order.number}.\n\nKind regards,\nThe Shop team\n`,
  });
}

function placeOrder(body) {
  const items = (body.items || []).map((i) => ({ name: String(i.name), qty: Number(i.qty) || 1, priceCents: Number(i.priceCents) || 0 }));
  const order = {
    number: `ORD-${nextOrder++}`,
    name: String(body.name || 'customer'),
    email: String(body.email || 'customer@example.com'),
    placedAt: new Date().toISOString(),
    items,
    totalCents: items.reduce((s, i) => s + i.qty * i.priceCents, 0),
  };
  queueConfirmation(order);
  return { number: order.number, totalCents: order.totalCents };
}

const app = express();
app.use(express.json());
app.post('/orders', (req, res) => {
  res.status(201).json(placeOrder(req.body));
});
app.get('/admin/mail/count', (req, res) => {
  res.json({ queued: mailer.queue.length, sent: mailer.sent.length });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-mail-outbox-keeps-sent-slow-leak listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
