'use strict';
// A pricing API written in a "lazy" functional style. priceCatalogue wraps every one of 600 products in a chain of
// closures (a thunk per price adjustment) and an array per product, awaits the currency-rate step (an asynchronous
// in-process call), then forces the thunks to price the page. Thousands of closures and arrays per request, held
// across the await by ten requests in flight, keep the garbage collector busy for around a fifth of the time.
const express = require('express');

const products = [];
for (let i = 0; i < 600; i++) products.push({ sku: `P${i}`, base: 5 + (i % 200), category: i % 12 });

const currencyRate = (currency) => new Promise((resolve) => setImmediate(() => resolve(currency === 'EUR' ? 0.92 : 1)));

async function priceCatalogue(currency, page) {
  const lazy = products.map((p) => {
    const steps = [() => p.base, (v) => v * (p.category === 3 ? 0.9 : 1), (v) => v + 0.99];
    return { sku: p.sku, steps };
  });
  const rate = await currencyRate(currency);
  const priced = lazy.map(({ sku, steps }) => ({ sku, price: Math.round(steps.slice(1).reduce((v, step) => step(v), steps[0]()) * rate * 100) / 100 }));
  return priced.slice(page * 20, page * 20 + 20);
}

const app = express();
app.get('/prices', async (req, res) => {
  res.json(await priceCatalogue(req.query.currency || 'USD', Number(req.query.page || 0)));
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-lazy-thunks-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
