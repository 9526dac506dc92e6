'use strict';
// A small storefront page rendered with Handlebars: the template is compiled once at start-up and each request
// renders twelve products into it, a modest cost per request. Nothing is wrong.
const express = require('express');
const Handlebars = require('handlebars');

const page = Handlebars.compile(`<!doctype html><html><head><title>{{shop}} - {{category}}</title></head><body>
<h1>{{category}}</h1><ul>{{#each products}}<li class="{{#if sale}}sale{{/if}}"><a href="/p/{{id}}">{{name}}</a> {{price}} EUR</li>{{/each}}</ul>
<footer>{{shop}}</footer></body></html>`);

const products = [];
for (let i = 0; i < 120; i++) products.push({ id: i, name: `Product ${i}`, price: (5 + (i % 40)).toFixed(2), sale: i % 7 === 0, category: ['tea', 'coffee', 'cocoa'][i % 3] });

const app = express();
app.get('/shop/:category', (req, res) => {
  const list = products.filter((p) => p.category === req.params.category).slice(0, 12);
  res.type('html').send(page({ shop: 'Leaf & Bean', category: req.params.category, products: list }));
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-template-modest listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
