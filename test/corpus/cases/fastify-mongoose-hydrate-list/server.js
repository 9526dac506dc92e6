'use strict';
// A product catalogue API. The rows are plain objects in memory, but every list request hydrates each row of the
// category into a mongoose document (Product.hydrate) and serialises it with toJSON({ virtuals: true }) only for two
// virtual fields; computing those once when the rows are loaded would do. No database is needed for this.
const fastify = require('fastify')({ logger: false });
const mongoose = require('mongoose');

const productSchema = new mongoose.Schema({
  sku: { type: String, required: true },
  name: { type: String, required: true },
  category: { type: String, index: true },
  priceCents: { type: Number, min: 0 },
  currency: { type: String, enum: ['EUR', 'USD'] },
  stock: { warehouse: String, quantity: Number, reserved: Number },
  tags: [String],
  attributes: [{ key: String, value: String }],
  updatedAt: Date,
});
productSchema.virtual('displayPrice').get(function displayPrice() {
  return `${(this.priceCents / 100).toFixed(2)} ${this.currency}`;
});
productSchema.virtual('url').get(function url() {
  return `/products/${this.sku.toLowerCase()}`;
});
const Product = mongoose.model('Product', productSchema);

const CATEGORIES = ['kitchen', 'garden', 'office', 'toys'];
const rows = [];
for (let i = 0; i < 600; i++) {
  rows.push({
    _id: new mongoose.Types.ObjectId(i.toString(16).padStart(24, '0')),
    sku: `SKU-${10000 + i}`,
    name: `${CATEGORIES[i % 4]} item ${i}`,
    category: CATEGORIES[i % 4],
    priceCents: 499 + ((i * 37) % 9000),
    currency: 'EUR',
    stock: { warehouse: `wh-${i % 3}`, quantity: (i * 7) % 120, reserved: i % 5 },
    tags: [`tag-${i % 11}`, `tag-${i % 7}`, 'catalogue'],
    attributes: [{ key: 'colour', value: ['red', 'green', 'steel'][i % 3] }, { key: 'weight', value: `${1 + (i % 9)} kg` }],
    updatedAt: new Date(Date.UTC(2026, i % 12, 1 + (i % 28))),
  });
}
const rowsByCategory = new Map(CATEGORIES.map((c) => [c, rows.filter((r) => r.category === c)]));

function listProducts(category) {
  return (rowsByCategory.get(category) || []).map((row) => Product.hydrate(row).toJSON({ virtuals: true }));
}

fastify.get('/categories/:category/products', async (request, reply) => {
  const products = listProducts(request.params.category);
  if (products.length === 0) return reply.code(404).send({ error: 'no such category' });
  return { category: request.params.category, count: products.length, items: products.map((p) => ({ sku: p.sku, name: p.name, price: p.displayPrice, url: p.url, inStock: p.stock.quantity > p.stock.reserved })) };
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-mongoose-hydrate-list listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
