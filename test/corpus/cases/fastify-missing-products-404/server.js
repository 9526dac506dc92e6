'use strict';
// A product API after a catalogue migration: products were renumbered from 1000 up, but clients (and the load
// test, replaying last month's traffic) still ask for the old ids. findProduct answers 404 for two requests in three.
const fastify = require('fastify')({ logger: false });

const catalogue = new Map();
for (let i = 1000; i < 1200; i++) catalogue.set(i, { id: i, name: `Product ${i}`, price: 5 + (i % 40) });

function findProduct(id) {
  return catalogue.get(Number(id)) || null;
}

fastify.get('/products/:id', async (request, reply) => {
  const product = findProduct(request.params.id);
  if (!product) return reply.code(404).send({ error: `no product ${request.params.id}` });
  return product;
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-missing-products-404 listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
