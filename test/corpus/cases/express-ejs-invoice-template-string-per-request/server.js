'use strict';
// An invoicing service on Express that renders HTML invoices with EJS. The template is kept as a string in the code
// and renderInvoice calls ejs.render(INVOICE_TEMPLATE, data) on every request, without `cache` and a `filename`, so
// EJS parses the template and builds and compiles a new JavaScript function for it every time, then runs it once.
// The invoices themselves are small (twelve lines from memory); almost all of each request's CPU is EJS compiling the
// same template again. ejs.compile once at start (or cache: true with a filename) would do.
const express = require('express');
const ejs = require('ejs');

const INVOICE_TEMPLATE = `<!doctype html>
<html lang="<%= locale %>">
<head>
  <meta charset="utf-8">
  <title>Invoice <%= invoice.number %> - <%= seller.name %></title>
  <style>
    body { font-family: <%= theme.font %>; color: <%= theme.ink %>; }
    table { border-collapse: collapse; width: 100%; }
    td, th { padding: 4px 8px; border-bottom: 1px solid <%= theme.rule %>; }
    .num { text-align: right; }
  </style>
</head>
<body>
  <header>
    <h1><%= seller.name %></h1>
    <% seller.address.forEach(function (line) { %><div><%= line %></div><% }); %>
    <% if (seller.vatId) { %><div>VAT <%= seller.vatId %></div><% } %>
  </header>
  <section class="buyer">
    <h2>Bill to</h2>
    <div><%= buyer.name %></div>
    <% buyer.address.forEach(function (line) { %><div><%= line %></div><% }); %>
    <% if (buyer.reference) { %><div>Your reference: <%= buyer.reference %></div><% } %>
  </section>
  <section class="meta">
    <div>Invoice <strong><%= invoice.number %></strong></div>
    <div>Issued <%= invoice.issued %>, due <%= invoice.due %></div>
    <% if (invoice.po) { %><div>Purchase order <%= invoice.po %></div><% } %>
  </section>
  <table>
    <thead><tr><th>#</th><th>Item</th><th>SKU</th><th class="num">Qty</th><th class="num">Unit</th><th class="num">VAT</th><th class="num">Amount</th></tr></thead>
    <tbody>
    <% lines.forEach(function (line, i) { %>
      <tr class="<%= i % 2 ? 'odd' : 'even' %>">
        <td><%= i + 1 %></td>
        <td><%= line.description %><% if (line.note) { %><br><small><%= line.note %></small><% } %></td>
        <td><%= line.sku %></td>
        <td class="num"><%= line.qty %></td>
        <td class="num"><%= money(line.unitCents) %></td>
        <td class="num"><%= line.vatRate %>%</td>
        <td class="num"><%= money(line.qty * line.unitCents) %></td>
      </tr>
    <% }); %>
    </tbody>
    <tfoot>
      <tr><td colspan="6" class="num">Subtotal</td><td class="num"><%= money(totals.net) %></td></tr>
      <% Object.keys(totals.vat).forEach(function (rate) { %>
      <tr><td colspan="6" class="num">VAT <%= rate %>%</td><td class="num"><%= money(totals.vat[rate]) %></td></tr>
      <% }); %>
      <tr><td colspan="6" class="num"><strong>Total</strong></td><td class="num"><strong><%= money(totals.gross) %></strong></td></tr>
    </tfoot>
  </table>
  <% if (payment.iban) { %>
  <section class="payment">
    <h2>Payment</h2>
    <div>IBAN <%= payment.iban %>, BIC <%= payment.bic %></div>
    <div>Please quote <%= invoice.number %> with your payment.</div>
  </section>
  <% } %>
  <% if (notes.length) { %><footer><% notes.forEach(function (n) { %><p><%= n %></p><% }); %></footer><% } %>
</body>
</html>`;

const money = (cents) => (cents / 100).toFixed(2);
const SELLER = { name: 'Northwind Supplies Ltd', address: ['12 Harbour Road', 'Leith', 'EH6 6LX'], vatId: 'GB123456789' };

function invoiceData(id) {
  const lines = [];
  for (let i = 0; i < 12; i++) {
    const n = (id * 31 + i * 17) % 500;
    lines.push({ description: `Item ${n}`, sku: `NW-${1000 + n}`, qty: 1 + (n % 5), unitCents: 250 + (n * 37) % 9000, vatRate: n % 3 ? 20 : 5, note: n % 4 ? null : 'back-ordered' });
  }
  const net = lines.reduce((s, l) => s + l.qty * l.unitCents, 0);
  const vat = {};
  for (const l of lines) vat[l.vatRate] = (vat[l.vatRate] || 0) + Math.round((l.qty * l.unitCents * l.vatRate) / 100);
  const gross = net + Object.values(vat).reduce((a, b) => a + b, 0);
  return {
    locale: 'en-GB',
    theme: { font: 'Helvetica, sans-serif', ink: '#222', rule: '#ddd' },
    seller: SELLER,
    buyer: { name: `Customer ${id}`, address: [`${id} High Street`, 'Glasgow'], reference: id % 2 ? `REF-${id}` : null },
    invoice: { number: `INV-2026-${String(id).padStart(5, '0')}`, issued: '2026-11-01', due: '2026-12-01', po: id % 3 ? null : `PO-${id}` },
    lines,
    totals: { net, vat, gross },
    payment: { iban: 'GB33BUKB20201555555555', bic: 'BUKBGB22' },
    notes: ['Thank you for your business.'],
    money,
  };
}

function renderInvoice(id) {
  return ejs.render(INVOICE_TEMPLATE, invoiceData(id));
}

const app = express();
app.get('/invoices/:id', (req, res) => {
  res.type('html').send(renderInvoice(Number(req.params.id) || 1));
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-ejs-invoice-template-string-per-request listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
