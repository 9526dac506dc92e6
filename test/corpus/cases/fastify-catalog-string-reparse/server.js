'use strict';
// A shop's catalogue API. The catalogue is loaded at start-up and kept in an lru-cache as a JSON string, the way
// another service keeps it in Redis; getCatalog JSON.parses the whole string (1,200 products, ~400 KB) on every
// request, only to filter one category and return a page of 20, instead of keeping the parsed object.
const Fastify = require('fastify');
const { LRUCache } = require('lru-cache');

const CATEGORIES = ['garden', 'kitchen', 'office', 'outdoor', 'bath', 'kids'];
const cache = new LRUCache({ max: 100 });

function loadCatalog() {
  const products = [];
  for (let i = 0; i < 1200; i++) {
    products.push({
      id: `P${10000 + i}`,
      title: `Product ${i} ${CATEGORIES[i % 6]} edition`,
      category: CATEGORIES[i % 6],
      price: { amount: 500 + ((i * 97) % 20000), currency: 'EUR' },
      stock: (i * 13) % 70,
      tags: [`t${i % 11}`, `t${i % 7}`, `t${i % 5}`],
      attributes: { colour: ['red', 'green', 'blue', 'black'][i % 4], weightGrams: 100 + ((i * 31) % 4000), size: ['S', 'M', 'L'][i % 3] },
      description: `A dependable ${CATEGORIES[i % 6]} item, model ${i}, made to last. `.repeat(3),
    });
  }
  cache.set('catalog', JSON.stringify(products));
}

function getCatalog() {
  return JSON.parse(cache.get('catalog'));
}

const app = Fastify({ logger: false });
app.get('/categories/:category/products', async (request) => {
  const page = Number(request.query.page || 1);
  const inCategory = getCatalog().filter((p) => p.category === request.params.category);
  return { category: request.params.category, page, total: inCategory.length, items: inCategory.slice((page - 1) * 20, page * 20).map((p) => ({ id: p.id, title: p.title, price: p.price })) };
});

loadCatalog();
app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-catalog-string-reparse listening on http://127.0.0.1:${app.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  app.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
