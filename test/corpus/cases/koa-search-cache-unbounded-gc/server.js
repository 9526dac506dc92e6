'use strict';
// A product search on Koa with a results cache in front of it. cacheSearch keys the cache by the request's whole
// query string, and the shop's front end appends a cache-busting `_=<timestamp>` to every search, so the cache never
// hits and, with no size limit and no expiry, keeps every result page (50 products, each with its description) for
// ever. Two problems: the cache never saves a search (each request still runs searchProducts over the catalogue),
// and, the cause of what the process suffers, it grows without bound; the garbage collector's growing work on the
// growing heap is a consequence of the leak.
const Koa = require('koa');
const Router = require('@koa/router');

const WORDS = ['steel', 'oak', 'linen', 'garden', 'kitchen', 'lamp', 'chair', 'table', 'mug', 'rug', 'shelf', 'desk'];
const catalogue = Array.from({ length: 3000 }, (_, i) => ({
  id: i + 1,
  name: `${WORDS[i % 12]} ${WORDS[(i * 7) % 12]} ${i + 1}`,
  priceCents: 299 + ((i * 7919) % 40000),
  description: `A ${WORDS[(i * 5) % 12]} piece from the ${WORDS[(i * 3) % 12]} range, item ${i + 1}, made to last.`,
}));

const cache = new Map();

function searchProducts(term, page) {
  const hits = catalogue.filter((p) => p.name.includes(term));
  return hits.slice(page * 50, page * 50 + 50).map((p) => ({ ...p, url: `/products/${p.id}` }));
}

function cacheSearch(key, term, page) {
  let results = cache.get(key);
  if (!results) {
    results = searchProducts(term, page);
    cache.set(key, results);
  }
  return results;
}

let stamp = 1764300000000;
const router = new Router();
router.get('/search', (ctx) => {
  const term = String(ctx.query.q || '');
  const page = Number(ctx.query.page || 0);
  // The front end's cache-buster: a millisecond timestamp, new on every search (the load's own `_` is a placeholder).
  const key = `q=${term}&page=${page}&_=${stamp++}`;
  ctx.body = { term, page, results: cacheSearch(key, term, page) };
});
const app = new Koa();
app.use(router.routes());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-search-cache-unbounded-gc listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
