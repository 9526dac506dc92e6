'use strict';
// A market-data API on plain node:http. A long-lived EventEmitter, priceFeed, publishes a tick for every symbol each
// 200 ms (a deterministic walk). GET /quotes/:symbol answers the last price at once; but first trackClientPrice
// subscribes to priceFeed's 'tick' to keep the client's "last seen" price current for an audit log, and nothing ever
// unsubscribes: one listener per request, forever. The team raised priceFeed.setMaxListeners(0) when Node warned
// about a possible leak. Every tick now runs all the old requests' listeners, and each keeps its closure alive.
const http = require('node:http');
const { EventEmitter } = require('node:events');

const SYMBOLS = ['ACME', 'GLOBX', 'INITECH', 'UMBRL', 'HOOLI', 'STARK'];
const priceFeed = new EventEmitter();
priceFeed.setMaxListeners(0);
const lastPrices = new Map(SYMBOLS.map((s, i) => [s, 100 + i * 25]));
let step = 0;
const ticker = setInterval(() => {
  step++;
  for (const [i, symbol] of SYMBOLS.entries()) {
    const price = Math.round((lastPrices.get(symbol) + Math.sin(step / 7 + i) * 0.4) * 100) / 100;
    lastPrices.set(symbol, price);
    priceFeed.emit('tick', { symbol, price, step });
  }
}, 200);

let nextClient = 1;
function trackClientPrice(clientId, symbol) {
  const seen = { clientId, symbol, price: lastPrices.get(symbol), updates: 0 };
  priceFeed.on('tick', (tick) => {
    if (tick.symbol !== symbol) return;
    seen.price = tick.price;
    seen.updates++;
  });
  return seen;
}

const server = http.createServer((req, res) => {
  const m = /^\/quotes\/([A-Z]+)$/.exec(req.url);
  if (!m || !lastPrices.has(m[1])) {
    res.writeHead(404, { 'content-type': 'application/json' });
    return res.end('{"error":"unknown symbol"}');
  }
  const clientId = req.headers['x-client-id'] || `anon-${nextClient++}`;
  const seen = trackClientPrice(clientId, m[1]);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ symbol: m[1], price: seen.price, at: step }));
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-price-feed-listener-per-request listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  clearInterval(ticker);
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
