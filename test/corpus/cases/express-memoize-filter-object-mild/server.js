'use strict';
// A freight-rates API. The rate table is memoised with lodash memoize, but called with a filters object built per
// request; memoize keys by the first argument, so every request is a new key and the cache keeps every filters object
// and its computed table forever.
const express = require('express');
const _ = require('lodash');

const CARRIERS = ['NordFracht', 'VistulaLog', 'RhineCargo', 'AlpTrans'];
const SERVICES = ['economy', 'standard', 'express'];

function weightClassOf(kg) {
  return kg <= 500 ? 'S' : kg <= 2000 ? 'M' : 'L';
}

function computeRateTable(filters) {
  const seed = (filters.origin.charCodeAt(2) * 31 + filters.destination.charCodeAt(2)) % 97;
  const rows = [];
  for (const carrier of CARRIERS) {
    for (const service of SERVICES) {
      rows.push({ carrier, service, lane: `${filters.origin}-${filters.destination}`, weightClass: filters.weightClass, perKgCents: 18 + ((seed + carrier.length * 3 + service.length) % 40), transitDays: 1 + ((seed + service.length) % 6), validUntil: '2026-12-31' });
    }
  }
  return rows;
}

const rateTable = _.memoize(computeRateTable);

function quoteFreight(query) {
  const kg = Number(query.weight) || 0;
  const table = rateTable({ origin: String(query.origin), destination: String(query.destination), weightClass: weightClassOf(kg) });
  return table.map((row) => ({ carrier: row.carrier, service: row.service, priceEur: Math.round(row.perKgCents * kg) / 100, transitDays: row.transitDays })).sort((a, b) => a.priceEur - b.priceEur);
}

const app = express();
app.get('/rates', (req, res) => {
  if (!req.query.origin || !req.query.destination) return res.status(400).json({ error: 'origin and destination are required' });
  res.json({ quotes: quoteFreight(req.query) });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-memoize-filter-object-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
