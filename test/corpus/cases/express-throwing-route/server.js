'use strict';
// A billing API. formatInvoice assumes every customer has a postal address, but the invoices of customers created
// through the new sign-up flow have none: reading invoice.customer.address.city throws a TypeError and Express
// answers 500 for every invoice request.
const express = require('express');

const customers = { c1: { id: 'c1', name: 'Ada', address: { street: '1 rue', city: 'Paris' } }, c2: { id: 'c2', name: 'Grace' } };
const invoices = { 'inv-1': { id: 'inv-1', customer: 'c2', total: 120 }, 'inv-2': { id: 'inv-2', customer: 'c2', total: 80 } };

function formatInvoice(invoice) {
  const customer = customers[invoice.customer];
  return { id: invoice.id, total: invoice.total, billTo: `${customer.name}, ${customer.address.city}` };
}

const app = express();
app.get('/orders', (req, res) => res.json({ orders: [{ id: 'o1' }, { id: 'o2' }] }));
app.get('/customers/:id', (req, res) => {
  const customer = customers[req.params.id];
  if (!customer) return res.status(404).json({ error: 'not found' });
  res.json(customer);
});
app.get('/invoices/:id', (req, res) => {
  const invoice = invoices[req.params.id];
  if (!invoice) return res.status(404).json({ error: 'not found' });
  res.json(formatInvoice(invoice));
});
app.get('/health', (req, res) => res.json({ ok: true }));
// Express's default error handler would log every stack trace to stderr; keep the log quiet and answer 500.
app.use((err, req, res, _next) => {
  res.status(500).json({ error: 'internal error' });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-throwing-route listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
