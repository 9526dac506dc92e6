'use strict';
// A shop API with a search client (an EventEmitter that connects once at start-up and emits 'ready' then).
// searchProducts queues a query while the client is still connecting and registers searchClient.once('ready',
// ...) to flush the queue; it registers that listener on every search, also once the client is ready, and 'ready'
// never fires again, so every search leaves a one-shot listener on the long-lived client.
const EventEmitter = require('node:events');
const express = require('express');

class SearchClient extends EventEmitter {
  constructor(docs) {
    super();
    this.ready = false;
    this.docs = docs;
    setImmediate(() => {
      this.ready = true;
      this.emit('ready');
    });
  }

  query(text) {
    const needle = text.toLowerCase();
    return this.docs.filter((d) => d.title.includes(needle)).slice(0, 10);
  }
}

const products = [];
const WORDS = ['lamp', 'desk', 'chair', 'shelf', 'rug', 'mirror', 'sofa', 'table'];
for (let i = 0; i < 400; i++) products.push({ id: i, title: `${WORDS[i % 8]} ${WORDS[(i * 3) % 8]} model ${i}`, price: 10 + ((i * 13) % 300) });
const searchClient = new SearchClient(products);
const pending = [];

function flushPending() {
  while (pending.length) {
    const job = pending.shift();
    job.resolve(searchClient.query(job.text));
  }
}

function searchProducts(text) {
  return new Promise((resolve) => {
    searchClient.once('ready', flushPending);
    if (searchClient.ready) resolve(searchClient.query(text));
    else pending.push({ text, resolve });
  });
}

const app = express();
app.disable('x-powered-by');
app.get('/search', (req, res, next) => {
  searchProducts(String(req.query.q || '')).then((hits) => res.json({ q: req.query.q, hits }), next);
});
app.get('/products/:id', (req, res) => {
  const p = products[Number(req.params.id)];
  if (!p) return res.status(404).json({ error: 'no such product' });
  res.json(p);
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-search-ready-once-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
