'use strict';
// A product-availability API on Fastify answering JSON from memory, with a response schema so that Fastify
// serialises with its compiled serializer. Fifty clients keep the process at full CPU, but every answer costs
// microseconds; requests only wait for their turn. Nothing is wrong.
const Fastify = require('fastify');

const availability = new Map();
for (let i = 0; i < 1000; i++) {
  availability.set(`SKU-${i}`, { sku: `SKU-${i}`, inStock: i % 7 !== 0, quantity: (i * 29) % 120, warehouse: ['AMS', 'BER', 'MAD', 'WAW'][i % 4], restockDate: i % 7 === 0 ? '2026-12-01' : null });
}

const app = Fastify({ logger: false });
app.get(
  '/availability/:sku',
  {
    schema: {
      params: { type: 'object', properties: { sku: { type: 'string', maxLength: 20 } }, required: ['sku'] },
      response: {
        200: { type: 'object', properties: { sku: { type: 'string' }, inStock: { type: 'boolean' }, quantity: { type: 'integer' }, warehouse: { type: 'string' }, restockDate: { type: ['string', 'null'] } } },
        404: { type: 'object', properties: { error: { type: 'string' } } },
      },
    },
  },
  async (request, reply) => {
    const item = availability.get(request.params.sku);
    if (!item) return reply.code(404).send({ error: 'unknown sku' });
    return item;
  },
);

app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-schema-json-saturated listening on http://127.0.0.1:${app.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  app.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
