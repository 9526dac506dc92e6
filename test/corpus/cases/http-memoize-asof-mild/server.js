'use strict';
// A currency quote API. quoteFor is memoised with a home-made memoize (a Map without size limit or expiry) keyed by
// the currency pair and an "as of" stamp meant to be the current minute; the rounding to the minute was lost, so the
// stamp is the request's arrival time in milliseconds and almost every request adds a new entry that is never read
// again. At the service's modest traffic (400 requests/s) memory creeps up by about 0.4 MB a second.
const http = require('node:http');

function memoize(fn) {
  const cache = new Map();
  return (...args) => {
    const key = args.join('|');
    if (!cache.has(key)) cache.set(key, fn(...args));
    return cache.get(key);
  };
}

const RATES = { 'EUR-USD': 1.08, 'USD-JPY': 151.2, 'GBP-EUR': 1.17 };

function computeQuote(pair, asOf) {
  const rate = RATES[pair];
  const ladder = [];
  for (let i = 1; i <= 50; i++) ladder.push({ amount: i * 100, converted: Math.round(i * 100 * rate * 100) / 100, label: `${i * 100} ${pair.slice(0, 3)}` });
  return { pair, rate, asOf, ladder };
}

const quoteFor = memoize(computeQuote);

const server = http.createServer((req, res) => {
  const match = /^\/quotes\/([A-Z]{3}-[A-Z]{3})$/.exec(req.url);
  res.setHeader('content-type', 'application/json');
  if (!match || !RATES[match[1]]) {
    res.statusCode = 404;
    return res.end('{"error":"unknown pair"}');
  }
  const asOf = Date.now();
  res.end(JSON.stringify(quoteFor(match[1], asOf)));
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-memoize-asof-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
