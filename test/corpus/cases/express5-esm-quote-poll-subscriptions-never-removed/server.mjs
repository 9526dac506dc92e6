// A currency-quote service on Express 5, written as an ES module. Browser widgets long-poll GET /quotes/poll with the
// symbols they show; each poll subscribes to those symbols in a home-made registry (no EventEmitter: a Map of symbol
// to a Set of subscriptions, plus a Map of subscriptions by id), waits for the next price of one of them, answers and
// unsubscribes. unsubscribe removes the subscription from the by-id Map only; the per-symbol Sets keep every
// subscription ever made, each with its widget's recent-price history, so the registry grows by about a kilobyte and
// a half per poll and is never freed. publish skips the finished ones (nobody is waiting on them), so nothing looks
// wrong but the memory. A price feed ticks every 20 ms.
import express from 'express5';

const topics = new Map(); // symbol -> Set of subscriptions
const subscriptions = new Map(); // id -> subscription
const latest = new Map();
let nextId = 1;

function subscribe(clientId, symbols) {
  const sub = { id: nextId++, clientId, symbols, since: Date.now(), history: new Array(160).fill(0), waiting: null };
  subscriptions.set(sub.id, sub);
  for (const symbol of symbols) {
    let set = topics.get(symbol);
    if (!set) topics.set(symbol, (set = new Set()));
    set.add(sub);
  }
  return sub;
}

function unsubscribe(sub) {
  sub.waiting = null;
  subscriptions.delete(sub.id);
}

function publish(symbol, price) {
  latest.set(symbol, price);
  const set = topics.get(symbol);
  if (!set) return;
  for (const sub of set) {
    if (!sub.waiting) continue;
    sub.history.copyWithin(0, 1);
    sub.history[sub.history.length - 1] = price;
    const resolve = sub.waiting;
    sub.waiting = null;
    resolve({ symbol, price });
  }
}

function nextQuote(sub, timeoutMs) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      sub.waiting = null;
      resolve(null);
    }, timeoutMs);
    sub.waiting = (quote) => {
      clearTimeout(timer);
      resolve(quote);
    };
  });
}

const SYMBOLS = ['EURUSD', 'GBPUSD', 'USDJPY', 'USDCHF', 'AUDUSD'];
let tick = 0;
const feed = setInterval(() => {
  tick++;
  const symbol = SYMBOLS[tick % SYMBOLS.length];
  publish(symbol, Math.round((1 + (tick % 97) / 1000 + SYMBOLS.indexOf(symbol) / 10) * 10000) / 10000);
}, 20);

const app = express();
app.get('/quotes/poll', async (req, res) => {
  const symbols = String(req.query.symbols || 'EURUSD').split(',').filter((s) => SYMBOLS.includes(s)).slice(0, 5);
  const sub = subscribe(String(req.get('x-client-id') || 'anonymous'), symbols);
  try {
    const quote = await nextQuote(sub, 250);
    res.json({ subscription: sub.id, quote });
  } finally {
    unsubscribe(sub);
  }
});
app.get('/quotes/latest', (req, res) => {
  res.json(Object.fromEntries(latest));
});
app.get('/health', (req, res) => res.json({ ok: true, subscriptions: subscriptions.size }));

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express5-esm-quote-poll-subscriptions-never-removed listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  clearInterval(feed);
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
