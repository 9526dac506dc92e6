'use strict';
// A shop's category page API. browseCatalogue runs the whole 16,000-item catalogue through a chain of map and filter
// stages on every request, each stage a fresh array of fresh objects, awaiting the exchange rate and the campaign in
// between (so each stage's copies outlive young-generation collections), to return one sorted page of 24.
const express = require('express');

const COLOURS = ['green', 'black', 'red', 'blue', 'grey'];
const catalogue = [];
for (let i = 0; i < 16000; i++) {
  catalogue.push({ id: i, sku: `OD-${100000 + i}`, name: `Outdoor item ${i}`, category: 'outdoor', colour: COLOURS[i % 5], size: ['S', 'M', 'L', 'XL'][i % 4], basePriceEur: 9.9 + (i % 250), stock: (i * 13) % 40, rating: 1 + (i % 5), popularity: (i * 7919) % 10007 });
}

const RATES = { EUR: 1, CHF: 0.94, USD: 1.08 };
const tick = () => new Promise((resolve) => setImmediate(resolve));
async function exchangeRate(currency) {
  await tick();
  return RATES[currency] || 1;
}
async function currentCampaign() {
  await new Promise((resolve) => setTimeout(resolve, 3));
  return { name: 'autumn', percent: 15, colours: new Set(['green', 'grey']) };
}

// Copies written out field by field (Node 20 runs object spread with added fields far slower than 22 and 24).
function withPrice(item, price, currency) {
  return { id: item.id, sku: item.sku, name: item.name, category: item.category, colour: item.colour, size: item.size, stock: item.stock, rating: item.rating, popularity: item.popularity, price, currency };
}
function withDiscount(item, price, campaign) {
  return { id: item.id, sku: item.sku, name: item.name, category: item.category, colour: item.colour, size: item.size, stock: item.stock, rating: item.rating, popularity: item.popularity, price, currency: item.currency, was: campaign ? item.price : null, campaign };
}

async function browseCatalogue(category, { currency, colour }) {
  const rate = await exchangeRate(currency);
  const priced = catalogue.filter((item) => item.category === category).map((item) => withPrice(item, Math.round(item.basePriceEur * rate * 100) / 100, currency));
  const available = priced.filter((item) => item.stock > 0);
  const campaign = await currentCampaign();
  const discounted = available.map((item) => (campaign.colours.has(item.colour) ? withDiscount(item, Math.round(item.price * (100 - campaign.percent)) / 100, campaign.name) : withDiscount(item, item.price, null)));
  const matching = discounted.filter((item) => !colour || item.colour === colour || campaign.colours.has(item.colour));
  await tick();
  const cards = matching.map((item) => ({ id: item.id, title: `${item.name} (${item.size})`, price: `${item.price.toFixed(2)} ${item.currency}`, badges: [item.was ? `-${campaign.percent}%` : null, item.stock < 5 ? 'few left' : null, item.rating >= 4 ? 'top rated' : null].filter(Boolean), rank: item.popularity }));
  cards.sort((a, b) => b.rank - a.rank);
  const facets = { inCategory: priced.length, inStock: available.length, onCampaign: discounted.filter((item) => item.campaign).length, matching: matching.length };
  return { total: cards.length, facets, items: cards.slice(0, 24) };
}

const app = express();
app.get('/categories/:category', async (req, res, next) => {
  try {
    res.json(await browseCatalogue(req.params.category, { currency: req.query.currency || 'EUR', colour: req.query.colour }));
  } catch (err) {
    next(err);
  }
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-catalogue-array-chain listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
