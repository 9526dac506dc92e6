'use strict';
// A price ticker long-poll. nextPrice waits for the next price with events.on(priceBus, 'price') and takes one value
// from the async iterator, but never calls its return(): every request leaves a 'price' and an 'error' listener on
// the process-wide price bus (plus the iterator's queue, which keeps buffering every later price).
const { EventEmitter, on } = require('node:events');
const fastify = require('fastify')({ logger: false });

const priceBus = new EventEmitter();
let tick = 0;
const ticker = setInterval(() => {
  tick++;
  priceBus.emit('price', { symbol: 'ACME', price: 100 + ((tick * 37) % 200) / 10, tick });
}, 100);

async function nextPrice(symbol) {
  const prices = on(priceBus, 'price');
  for (;;) {
    const { value } = await prices.next();
    const [price] = value;
    if (price.symbol === symbol) return price;
  }
}

fastify.get('/prices/next', async (request) => nextPrice(request.query.symbol || 'ACME'));

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-events-on-longpoll listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  clearInterval(ticker);
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
