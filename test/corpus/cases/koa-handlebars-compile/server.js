'use strict';
// An invoice page rendered with Handlebars. renderInvoice calls Handlebars.compile(template) on every request, so the
// template is parsed and turned into JavaScript again each time instead of being compiled once.
const Koa = require('koa');
const Router = require('@koa/router');
const Handlebars = require('handlebars');

Handlebars.registerHelper('money', (v) => `${(v / 100).toFixed(2)} EUR`);
const TEMPLATE = `<!doctype html>
<html><head><title>Invoice {{number}}</title><style>td{padding:4px}</style></head>
<body>
  <header><h1>{{company.name}}</h1><p>{{company.street}}, {{company.city}}</p>{{#if company.vat}}<p>VAT {{company.vat}}</p>{{/if}}</header>
  <section class="customer"><h2>Bill to</h2><p>{{customer.name}}</p><p>{{customer.street}}</p><p>{{customer.zip}} {{customer.city}}</p></section>
  <table>
    <thead><tr><th>#</th><th>Item</th><th>Qty</th><th>Price</th><th>Total</th></tr></thead>
    <tbody>
    {{#each lines}}
      <tr class="{{#if @odd}}odd{{else}}even{{/if}}"><td>{{@index}}</td><td>{{description}}{{#if discount}} <em>(-{{discount}}%)</em>{{/if}}</td><td>{{qty}}</td><td>{{money price}}</td><td>{{money total}}</td></tr>
    {{/each}}
    </tbody>
    <tfoot><tr><td colspan="4">Subtotal</td><td>{{money subtotal}}</td></tr><tr><td colspan="4">VAT</td><td>{{money vat}}</td></tr><tr><td colspan="4">Total</td><td>{{money total}}</td></tr></tfoot>
  </table>
  {{#if notes}}<section class="notes">{{#each notes}}<p>{{this}}</p>{{/each}}</section>{{/if}}
  {{#unless paid}}<p class="due">Payment due by {{dueDate}}</p>{{else}}<p class="paid">Paid, thank you.</p>{{/unless}}
  <section class="terms"><h3>Terms</h3>
    {{#if paid}}<p>Receipt for invoice {{number}} issued to {{customer.name}}.</p>{{else}}<p>Invoice {{number}} for {{customer.name}}, due {{dueDate}}.</p>{{/if}}
    <ul>{{#each lines}}{{#if discount}}<li>{{description}}: discount of {{discount}}% applied ({{money price}} per unit)</li>{{/if}}{{/each}}</ul>
    <p>Late payments incur interest at three times the legal rate and a fixed fee of 40 EUR.</p>
    {{#with customer}}<address>{{name}}<br>{{street}}<br>{{zip}} {{city}}</address>{{/with}}
  </section>
  <aside>{{#each lines}}<span data-i="{{@index}}" data-first="{{@first}}" data-last="{{@last}}">{{qty}}x{{description}}</span>{{/each}}</aside>
  <footer>{{#with company}}<small>{{name}} - {{iban}} - {{email}}</small>{{/with}}</footer>
</body></html>`;

function invoiceData(id) {
  const lines = [];
  for (let i = 0; i < 8; i++) lines.push({ description: `Service item ${i}`, qty: 1 + (i % 3), price: 1500 + i * 250, total: (1 + (i % 3)) * (1500 + i * 250), discount: i % 4 === 0 ? 10 : 0 });
  const subtotal = lines.reduce((a, l) => a + l.total, 0);
  return {
    number: `INV-${id}`, company: { name: 'Acme SARL', street: '1 rue de la Paix', city: 'Paris', vat: 'FR123', iban: 'FR76 0000', email: 'billing@acme.test' },
    customer: { name: `Customer ${id}`, street: '2 Main St', zip: '75001', city: 'Paris' },
    lines, subtotal, vat: Math.round(subtotal * 0.2), total: Math.round(subtotal * 1.2), notes: ['Thank you for your business.'], paid: id % 2 === 0, dueDate: '2026-02-01',
  };
}

function renderInvoice(id) {
  const template = Handlebars.compile(TEMPLATE);
  return template(invoiceData(id));
}

const app = new Koa();
const router = new Router();
router.get('/invoices/:id', (ctx) => {
  ctx.type = 'html';
  ctx.body = renderInvoice(Number(ctx.params.id) || 0);
});
router.get('/health', (ctx) => {
  ctx.body = { ok: true };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-handlebars-compile listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
