'use strict';
// An order view. enrichItems asks the stock service about each of the order's five items through a promise chain
// built with reduce (items.reduce((chain, item) => chain.then(...))), which runs the independent calls one after
// another: five ~25 ms waits in a row per request, where Promise.all would wait ~25 ms. The event loop mostly idles.
const fastify = require('fastify')({ logger: false });

// The slow backend runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let downstreamPort;

async function getJson(route) {
  const res = await fetch(`http://127.0.0.1:${downstreamPort}${route}`);
  return res.json();
}

function enrichItems(items) {
  return items.reduce(
    (chain, sku) => chain.then((enriched) => getJson(`/stock/${sku}`).then((stock) => [...enriched, { sku, available: stock.value % 17 }])),
    Promise.resolve([]),
  );
}

fastify.get('/orders/:id', async (request) => {
  const id = Number(request.params.id) || 1;
  const items = [0, 1, 2, 3, 4].map((i) => `SKU-${id}-${i}`);
  return { id, items: await enrichItems(items) };
});

function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  Promise.all([fastify.close(), stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(25).then(
  async (port) => {
    downstreamPort = port;
    await fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
    console.log(`fastify-reduce-chain listening on http://127.0.0.1:${fastify.server.address().port}`);
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
