'use strict';
// An invoice API for an international shop. formatMoney builds a new Intl.NumberFormat for every amount it formats
// (three amounts per line, twenty lines per invoice) instead of creating one formatter per locale and currency and
// reusing it; constructing a formatter loads locale data each time, so most of every request goes there.
const express = require('express');

const LOCALES = { fr: ['fr-FR', 'EUR'], de: ['de-DE', 'EUR'], us: ['en-US', 'USD'], jp: ['ja-JP', 'JPY'] };

function formatMoney(amount, locale, currency) {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}

function buildInvoice(orderId, market) {
  const [locale, currency] = LOCALES[market] || LOCALES.us;
  const lines = [];
  let total = 0;
  for (let i = 0; i < 20; i++) {
    const unit = ((orderId * 31 + i * 17) % 5000) / 100 + 1;
    const qty = 1 + ((orderId + i) % 4);
    const tax = unit * qty * 0.2;
    total += unit * qty + tax;
    lines.push({ sku: `SKU-${orderId}-${i}`, qty, unit: formatMoney(unit, locale, currency), tax: formatMoney(tax, locale, currency), amount: formatMoney(unit * qty + tax, locale, currency) });
  }
  return { orderId, market, lines, total: formatMoney(total, locale, currency) };
}

const app = express();
app.get('/invoices/:id', (req, res) => {
  res.json(buildInvoice(Number(req.params.id) || 1, req.query.market));
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-intl-invoice listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
