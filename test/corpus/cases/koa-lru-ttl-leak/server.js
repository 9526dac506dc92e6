'use strict';
// A quote-rendering service that caches rendered quotes in lru-cache. The cache was configured with a one-hour TTL
// but no `max`, and it is keyed by a per-request trace id; entries are only dropped when they expire, so under
// steady traffic it holds an hour's worth of responses and grows without bound (lru-cache even warns about it).
const crypto = require('node:crypto');
const Koa = require('koa');
const Router = require('@koa/router');
const { LRUCache } = require('lru-cache');

const rendered = new LRUCache({ ttl: 60 * 60 * 1000 });
let traceCounter = 0;

function renderQuote(symbol) {
  const traceId = `${symbol}-${++traceCounter}`;
  const quote = { symbol, traceId, price: 100 + (symbol.charCodeAt(0) % 50), history: Array.from({ length: 30 }, (_, i) => 100 + ((i * 7) % 13)) };
  const html = `<section data-trace="${traceId}"><h2>${symbol}</h2><p>${quote.price}</p><ol>${quote.history.map((p) => `<li>${p}</li>`).join('')}</ol></section>`;
  rendered.set(traceId, { html, etag: crypto.createHash('md5').update(html).digest('hex') });
  return rendered.get(traceId);
}

const app = new Koa();
const router = new Router();
router.get('/quotes/:symbol', (ctx) => {
  const entry = renderQuote(ctx.params.symbol.toUpperCase());
  ctx.set('etag', entry.etag);
  ctx.type = 'html';
  ctx.body = entry.html;
});
router.get('/health', (ctx) => {
  ctx.body = { ok: true, cached: rendered.size };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-lru-ttl-leak listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
