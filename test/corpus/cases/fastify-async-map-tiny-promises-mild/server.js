'use strict';
// A quote API that prices baskets of a couple of thousand lines (B2B orders are long). enrichLines runs an async
// function per line with Promise.all(lines.map(async ...)), and for each line awaits three small async helpers
// (exchange rate from the rates client's in-memory cache, which answers on the next turn like every client call,
// tax rate and discount from tables); every line makes a handful of promises, closures and a priced copy that all
// stay alive, across turns, until the last line is done, while the other requests' lines are in flight too.
const Fastify = require('fastify');

const RATES = { EUR: 1, USD: 0.92, GBP: 1.16, CHF: 1.04 };
const TAX = { DE: 0.19, FR: 0.2, NL: 0.21, AT: 0.2 };
const CURRENCIES = Object.keys(RATES);
const REGIONS = Object.keys(TAX);

// The rates client: cached, but asynchronous like every client call (it answers on the next turn).
function exchangeRate(currency) {
  return new Promise((resolve) => setImmediate(resolve, RATES[currency]));
}
async function taxRate(region) {
  return TAX[region];
}
async function discountFor(sku, quantity) {
  return quantity >= 10 ? 0.05 : sku.endsWith('7') ? 0.02 : 0;
}

function basket(size, seed) {
  const lines = [];
  for (let i = 0; i < size; i++) {
    const n = seed * 31 + i;
    lines.push({ sku: `SKU-${10000 + (n % 5000)}`, quantity: 1 + (n % 14), unitPrice: 100 + ((n * 37) % 9000), currency: CURRENCIES[n % 4], region: REGIONS[(n >> 2) % 4] });
  }
  return lines;
}
const BASKETS = [basket(800, 1), basket(800, 2)];

async function enrichLines(lines) {
  return Promise.all(
    lines.map(async (line) => {
      const rate = await exchangeRate(line.currency);
      const tax = await taxRate(line.region);
      const discount = await discountFor(line.sku, line.quantity);
      const net = Math.round(line.unitPrice * line.quantity * rate * (1 - discount));
      return { sku: line.sku, quantity: line.quantity, unitPrice: line.unitPrice, currency: line.currency, region: line.region, rate, tax, discount, net, gross: Math.round(net * (1 + tax)) };
    }),
  );
}

const app = Fastify({ logger: false });
app.get('/baskets/:id/quote', async (request) => {
  const lines = BASKETS[Number(request.params.id) % BASKETS.length];
  const priced = await enrichLines(lines);
  let net = 0;
  let gross = 0;
  for (const l of priced) {
    net += l.net;
    gross += l.gross;
  }
  return { basket: request.params.id, lines: priced.length, netCents: net, grossCents: gross };
});

app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-async-map-tiny-promises-mild listening on http://127.0.0.1:${app.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  app.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
