'use strict';
// A checkout-preview API. quoteCheckout asks the backend for a shipping quote and then for the tax rate (about 15 ms
// each); the two calls are independent but awaited one after the other, so every preview waits ~30 ms where ~15 ms
// would do. Only two calls, so the waste is modest.
const fastify = require('fastify')({ logger: false });

// The slow backend runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let downstreamPort;

async function getJson(route) {
  const res = await fetch(`http://127.0.0.1:${downstreamPort}${route}`);
  return res.json();
}

async function quoteCheckout(cartId, country) {
  const shipping = await getJson(`/shipping/${country}?cart=${cartId}`);
  const tax = await getJson(`/tax/${country}`);
  return { cartId, country, shipping: shipping.value, taxRate: tax.value / 100 };
}

fastify.get('/checkout/:cart/preview', async (request) => quoteCheckout(request.params.cart, request.query.country || 'FR'));
fastify.get('/health', async () => ({ ok: true }));

function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  Promise.all([fastify.close(), stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(15).then(
  async (port) => {
    downstreamPort = port;
    await fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
    console.log(`fastify-sequential-mild listening on http://127.0.0.1:${fastify.server.address().port}`);
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
