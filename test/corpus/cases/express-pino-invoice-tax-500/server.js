'use strict';
// An invoicing API on Express with pino. GET /invoices/:id/total adds up an invoice's lines with their VAT:
// invoiceTotal -> lineTotal -> applyVat -> vatRateFor(country, category). The VAT table was written for EU countries
// only; invoices billed to Norway or Switzerland (two of the three invoices the accounting export asks for) reach
// vatRateFor with a country the table lacks, and `VAT_RATES[country][category]` throws a TypeError. The error handler
// logs it with pino (err with its stack, the request id) as JSON on stderr and answers a bare 500 {"error":"internal
// error"}: the response says nothing, the cause is only in the log.
const express = require('express');
const pino = require('pino');

const logger = pino({ level: 'info', base: { service: 'invoicing' } }, pino.destination({ dest: 2, sync: true }));

const VAT_RATES = {
  DE: { standard: 0.19, reduced: 0.07, books: 0.07 },
  FR: { standard: 0.2, reduced: 0.055, books: 0.055 },
  NL: { standard: 0.21, reduced: 0.09, books: 0.09 },
  AT: { standard: 0.2, reduced: 0.1, books: 0.1 },
};

function makeInvoice(id, country) {
  const lines = [];
  for (let i = 0; i < 12; i++) {
    lines.push({ sku: `SKU-${(id * 31 + i) % 500}`, qty: 1 + ((id + i) % 4), unitCents: 500 + ((id * 7919 + i * 104729) % 20000), category: i % 3 === 0 ? 'books' : 'standard' });
  }
  return { id, country, currency: 'EUR', lines };
}
const INVOICES = new Map();
const COUNTRIES = ['DE', 'NO', 'FR', 'CH', 'NL', 'AT'];
for (let id = 1; id <= 600; id++) INVOICES.set(id, makeInvoice(id, COUNTRIES[id % COUNTRIES.length]));

function vatRateFor(country, category) {
  return VAT_RATES[country][category];
}

function applyVat(cents, country, category) {
  return Math.round(cents * (1 + vatRateFor(country, category)));
}

function lineTotal(line, country) {
  return applyVat(line.qty * line.unitCents, country, line.category);
}

function invoiceTotal(invoice) {
  let net = 0;
  let gross = 0;
  for (const line of invoice.lines) {
    net += line.qty * line.unitCents;
    gross += lineTotal(line, invoice.country);
  }
  return { id: invoice.id, country: invoice.country, net, gross, vat: gross - net };
}

const app = express();
let nextRequestId = 1;
app.use((req, res, next) => {
  req.id = `req-${nextRequestId++}`;
  next();
});
app.get('/invoices/:id/total', (req, res) => {
  const invoice = INVOICES.get(Number(req.params.id));
  if (!invoice) return res.status(404).json({ error: 'not found' });
  res.json(invoiceTotal(invoice));
});
// The service's error handler: everything goes to the log, nothing to the client.
app.use((err, req, res, _next) => {
  logger.error({ err, reqId: req.id, path: req.path }, 'request failed');
  res.status(500).json({ error: 'internal error' });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-pino-invoice-tax-500 listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
