'use strict';
// A product API with a response cache. cacheResponse keys the cache by request.id, which the developer took for a
// stable client id, but Fastify gives every request a new id: every response is stored under a new key and the cache
// (which has no size limit or expiry) grows with every request.
const fastify = require('fastify')({ logger: false });

const cache = new Map();
const products = [];
for (let i = 0; i < 100; i++) products.push({ id: i, name: `Product ${i}`, description: `A description of product ${i}. `.repeat(8), price: 10 + i });

function cacheResponse(key, value) {
  cache.set(key, { storedAt: Date.now(), body: JSON.stringify(value), value });
  return value;
}

fastify.get('/products/:id', async (request, reply) => {
  const hit = cache.get(request.id);
  if (hit) return hit.value;
  const product = products[Number(request.params.id)];
  if (!product) return reply.code(404).send({ error: 'not found' });
  return cacheResponse(request.id, { ...product, related: products.slice(0, 5).map((p) => p.name) });
});
fastify.get('/cache/size', async () => ({ entries: cache.size }));

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-reqid-cache listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
