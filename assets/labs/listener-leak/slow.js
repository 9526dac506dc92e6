'use strict';
// Lab "listener-leak": every quote request subscribes to the long-lived price feed (subscribeToUpdates) so it can
// tell whether the price moved while the quote was prepared, and never unsubscribes. The feed collects one more
// listener per request, for ever: Node warns (MaxListenersExceededWarning) as soon as there are more than ten, and
// every price update has to call all of them.
const http = require('node:http');
const { EventEmitter } = require('node:events');

const priceFeed = new EventEmitter();
let price = 100;
// The feed ticks a few times a second, like a real market-data stream.
setInterval(() => {
  price = Math.round((price + (Math.random() - 0.5)) * 100) / 100;
  priceFeed.emit('price', price);
}, 250).unref();

function subscribeToUpdates(quote) {
  const onPrice = (latest) => {
    if (latest !== quote.price) quote.moved = true;
  };
  priceFeed.on('price', onPrice);
  return onPrice;
}

// Looking up the pricing rules for a symbol takes a few milliseconds (a cache service, simulated by a timer).
function loadPricingRules(symbol) {
  return new Promise((resolve) => setTimeout(() => resolve({ symbol, spread: 0.02 }), 5));
}

async function getQuote(symbol, res) {
  const quote = { symbol, price, moved: false };
  subscribeToUpdates(quote);
  const rules = await loadPricingRules(symbol);
  return { ...quote, ask: Math.round(quote.price * (1 + rules.spread) * 100) / 100 };
}

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  const match = /^\/quotes\/([A-Z]{1,5})$/.exec(url.pathname);
  if (match) return sendJson(res, 200, await getQuote(match[1], res));
  if (url.pathname === '/health') return sendJson(res, 200, { ok: true });
  sendJson(res, 404, { error: 'not found' });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((err) => sendJson(res, 500, { error: err.message }));
});
server.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => {
  console.log(`lab listener-leak (slow) listening on http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)).closeAllConnections());
