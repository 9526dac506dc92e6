'use strict';
// A catalogue's product-card service on Express. GET /products/:id/card renders a product's card (about 40 KB of HTML:
// the description, the specification table, the variants) the first time it is asked for and keeps it in cardCache,
// keyed by product id. The catalogue has 100 products, so the cache holds at most 100 cards (about 4 MB): it fills
// while the first visitors reach each product and then stops growing. A store bounded by its key space; nothing to fix.
const express = require('express');

const PRODUCTS = 100;
const products = Array.from({ length: PRODUCTS }, (_, i) => ({
  id: i + 1,
  name: `Product ${i + 1}`,
  description: `Product ${i + 1} is made of recycled materials and assembled in our own workshop. `.repeat(200),
  specs: Array.from({ length: 300 }, (_, j) => [`Property ${j + 1}`, `${(i * 13 + j * 7) % 1000} units, grade ${String.fromCharCode(65 + ((i + j) % 6))}`]),
  variants: Array.from({ length: 80 }, (_, j) => ({ sku: `P${i + 1}-V${j + 1}`, colour: ['red', 'blue', 'green', 'black', 'white'][j % 5], priceCents: 999 + ((i * 31 + j * 17) % 9000) })),
}));

const cardCache = new Map();

function renderCard(product) {
  const specs = product.specs.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join('');
  const variants = product.variants.map((v) => `<li data-sku="${v.sku}">${v.colour}: EUR ${(v.priceCents / 100).toFixed(2)}</li>`).join('');
  return `<section class="card"><h2>${product.name}</h2><p>${product.description}</p><table>${specs}</table><ul>${variants}</ul></section>`;
}

function productCard(id) {
  let card = cardCache.get(id);
  if (card === undefined) {
    card = renderCard(products[id - 1]);
    cardCache.set(id, card);
  }
  return card;
}

const app = express();
app.get('/products/:id/card', (req, res) => {
  const id = Number(req.params.id);
  if (!Number.isInteger(id) || id < 1 || id > PRODUCTS) return res.status(404).json({ error: 'no such product' });
  res.type('html').send(productCard(id));
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-product-cards-bounded-cache listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
