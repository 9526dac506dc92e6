'use strict';
// A product catalogue API. getCatalog hands every route a lodash cloneDeep of the whole in-memory catalogue
// (1,200 products with variants and prices) "to be safe", although the routes only read from it.
const express = require('express');
const _ = require('lodash');

const catalog = { currency: 'EUR', categories: ['chairs', 'tables', 'lamps', 'desks'], products: [] };
for (let i = 0; i < 1200; i++) {
  catalog.products.push({
    id: i, name: `Product ${i}`, category: catalog.categories[i % 4], price: 1000 + ((i * 733) % 50000),
    variants: [{ color: 'black', stock: i % 13 }, { color: 'white', stock: (i * 3) % 11 }],
    dimensions: { w: 40 + (i % 60), h: 70 + (i % 30), d: 40 + (i % 20) },
  });
}

function getCatalog() {
  return _.cloneDeep(catalog);
}

const app = express();
app.get('/categories/:name/count', (req, res) => {
  const products = getCatalog().products.filter((p) => p.category === req.params.name);
  res.json({ category: req.params.name, count: products.length });
});
app.get('/products/:id', (req, res) => {
  const product = getCatalog().products[Number(req.params.id)];
  if (!product) return res.status(404).json({ error: 'no such product' });
  res.json(product);
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-lodash-clonedeep listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
