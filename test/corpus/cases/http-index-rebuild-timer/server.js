'use strict';
// A product search API. Searches are cheap map look-ups, but a background job (setInterval, every 2 s) rebuilds the
// whole inverted index synchronously from 60,000 product descriptions, holding the event loop for well over 100 ms
// each time; every request that arrives meanwhile waits.
const http = require('node:http');

const WORDS = ['red', 'blue', 'green', 'steel', 'wooden', 'small', 'large', 'chair', 'table', 'lamp', 'desk', 'shelf',
  'cable', 'phone', 'case', 'stand', 'mount', 'light', 'pro', 'mini', 'max', 'eco', 'smart', 'classic', 'modern'];
const products = [];
for (let i = 0; i < 60000; i++) {
  const words = [];
  for (let w = 0; w < 12; w++) words.push(WORDS[(i * 31 + w * 17 + (i >> 3)) % WORDS.length]);
  products.push({ id: i, title: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i}`, description: words.join(' ') });
}

let index = new Map();
let builtAt = 0;

function rebuildSearchIndex() {
  const next = new Map();
  for (const product of products) {
    const tokens = `${product.title} ${product.description}`.toLowerCase().split(/[^a-z0-9]+/);
    for (const token of tokens) {
      if (!token) continue;
      let ids = next.get(token);
      if (!ids) next.set(token, (ids = []));
      if (ids[ids.length - 1] !== product.id) ids.push(product.id);
    }
  }
  index = next;
  builtAt = Date.now();
}
rebuildSearchIndex();
const job = setInterval(rebuildSearchIndex, 2000);

function search(term) {
  const ids = index.get(term.toLowerCase()) || [];
  return { term, count: ids.length, first: ids.slice(0, 10).map((id) => products[id].title), builtAt };
}

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/search') return sendJson(res, 200, search(url.searchParams.get('q') || ''));
  if (url.pathname === '/health') return sendJson(res, 200, { ok: true });
  sendJson(res, 404, { error: 'not found' });
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-index-rebuild-timer listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  clearInterval(job);
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
