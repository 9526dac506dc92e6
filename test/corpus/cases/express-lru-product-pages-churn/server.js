'use strict';
// A product page service on Express. Rendering a page (renderProductPage) builds its HTML from the product's data,
// so rendered pages are kept in an LRU cache (lru-cache, max 500 pages) in front of the renderer. The load visits
// 5,000 products, far more than the cache holds, so pages are evicted and re-rendered all the time: churn, but the
// cache is bounded and memory stays flat. Nothing to fix.
const express = require('express');
const { LRUCache } = require('lru-cache');

const pages = new LRUCache({ max: 500 });

function renderProductPage(id) {
  const specs = Array.from({ length: 12 }, (_, i) => `<tr><th>Spec ${i + 1}</th><td>${(id * 31 + i * 7) % 997} units</td></tr>`).join('');
  return `<!doctype html><html><head><title>Product ${id}</title></head><body><h1>Product ${id}</h1>` +
    `<p class="price">${((id * 7919) % 50000) / 100} EUR</p><table>${specs}</table></body></html>`;
}

function productPage(id) {
  let html = pages.get(id);
  if (html === undefined) {
    html = renderProductPage(id);
    pages.set(id, html);
  }
  return html;
}

let counter = 0;
const app = express();
app.get('/products/next', (req, res) => {
  // The load walks the catalogue: each request asks for the next product of a 5,000-product cycle.
  const id = 1 + ((counter++ * 7) % 5000);
  res.type('html').send(productPage(id));
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-lru-product-pages-churn listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
