'use strict';
// A sales dashboard API. rollupSales builds the regional roll-up with lodash chains on every request: the 3,000
// orders are flattened into their 15,000 lines, the sales targets are awaited, every line is mapped to a new priced
// object, the exchange rates are awaited, then the lines are grouped and summed. Ten requests in flight keep
// hundreds of thousands of short-lived objects alive across the awaits.
const _ = require('lodash');
const fastify = require('fastify')({ logger: false });

const REGIONS = ['north', 'south', 'east', 'west', 'central'];
const orders = [];
for (let o = 0; o < 3000; o++) {
  orders.push({ id: o, region: REGIONS[o % REGIONS.length], customer: `c${o % 400}`, lines: [0, 1, 2, 3, 4].map((l) => ({ sku: `sku-${(o * 3 + l) % 250}`, qty: 1 + ((o + l) % 4), unitPrice: 100 + ((o * 7 + l * 13) % 900) })) });
}

// The rates come from a cache that answers asynchronously (as a client for a rates service would).
const RATES = { EUR: 1, GBP: 0.86, USD: 1.08 };
const loadTargets = () => new Promise((resolve) => setImmediate(() => resolve(new Set(REGIONS))));
const loadRates = (currency) => new Promise((resolve) => setImmediate(() => resolve(RATES[currency] || 1)));

function expandOrder(order) {
  const expanded = [];
  for (const line of order.lines) expanded.push({ sku: line.sku, qty: line.qty, unitPrice: line.unitPrice, orderId: order.id, region: order.region, customer: order.customer });
  return expanded;
}

function priceLine(line) {
  return { sku: line.sku, qty: line.qty, orderId: line.orderId, region: line.region, customer: line.customer, net: line.qty * line.unitPrice, tags: [line.region, line.sku] };
}

async function rollupSales(currency) {
  const expanded = _.chain(orders).flatMap(expandOrder).value();
  const targets = await loadTargets();
  const lines = _.chain(expanded).map(priceLine).filter((line) => targets.has(line.region)).value();
  const rate = await loadRates(currency);
  return _.chain(lines)
    .groupBy('region')
    .mapValues((regionLines) => ({ lines: regionLines.length, revenue: Math.round(_.sumBy(regionLines, 'net') * rate) / 100, customers: _.uniqBy(regionLines, 'customer').length }))
    .value();
}

fastify.get('/sales/rollup', async (request) => ({ currency: request.query.currency || 'EUR', regions: await rollupSales(request.query.currency || 'EUR') }));

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-lodash-chain-rollup listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
