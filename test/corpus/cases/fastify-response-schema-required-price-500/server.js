'use strict';
// A product API on Fastify with a response schema, as the Fastify docs recommend: the 200 reply is serialised by
// fast-json-stringify from a schema whose `price` is required. productView builds the reply from the catalogue row
// and, for "price on request" products (trade-only items, a third of those the storefront asks for), leaves `price`
// out. fast-json-stringify then throws '"price" is required!' while serialising, and Fastify answers 500 with the
// error logged by its pino logger on stderr. The handler itself never throws; the failure is in the dependency, caused
// by the object productView returns.
const fastify = require('fastify')({ logger: { level: 'error', stream: process.stderr } });

const catalogue = new Map();
for (let id = 1; id <= 3000; id++) {
  catalogue.set(id, {
    id,
    sku: `SKU-${String(id).padStart(5, '0')}`,
    name: `Product ${id}`,
    listPriceCents: id % 3 === 0 ? null : 999 + ((id * 7919) % 40000),
    currency: 'EUR',
    stock: (id * 13) % 90,
  });
}

function productView(row) {
  const view = { id: row.id, sku: row.sku, name: row.name, currency: row.currency, inStock: row.stock > 0 };
  if (row.listPriceCents !== null) view.price = row.listPriceCents / 100;
  return view;
}

const productSchema = {
  type: 'object',
  required: ['id', 'sku', 'name', 'price', 'currency'],
  properties: {
    id: { type: 'integer' },
    sku: { type: 'string' },
    name: { type: 'string' },
    price: { type: 'number' },
    currency: { type: 'string' },
    inStock: { type: 'boolean' },
  },
};

fastify.get('/products/:id', { schema: { response: { 200: productSchema } } }, async function getProduct(request, reply) {
  const row = catalogue.get(Number(request.params.id));
  if (!row) return reply.code(404).send({ error: 'not found' });
  return productView(row);
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-response-schema-required-price-500 listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  fastify.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
