'use strict';
// A quote API that prices from one long-lived connection to a market-data feed (quoteFeed, a socket-like
// EventEmitter that emits 'close' if the feed drops). Its abortOnFeedLoss middleware adds a 'close' listener to the
// shared feed on every request, so that a request in progress fails fast when the feed drops, and never removes it
// when the request ends: the feed collects one listener, and a closure over the request's context, per request.
const EventEmitter = require('node:events');
const Koa = require('koa');
const Router = require('@koa/router');

class QuoteFeed extends EventEmitter {
  constructor(symbols) {
    super();
    this.connected = true;
    this.prices = new Map(symbols.map((s, i) => [s, 100 + i * 3.5]));
  }

  latest(symbol) {
    return this.prices.get(symbol);
  }
}

const SYMBOLS = ['ACME', 'GLBX', 'INIT', 'UMBR', 'HOOL', 'VAND', 'STRK', 'WAYN'];
const quoteFeed = new QuoteFeed(SYMBOLS);

async function abortOnFeedLoss(ctx, next) {
  quoteFeed.on('close', () => {
    if (!ctx.res.writableEnded) ctx.res.destroy(new Error(`quote feed lost while serving ${ctx.path}`));
  });
  await next();
}

const app = new Koa();
app.silent = true;
app.use(abortOnFeedLoss);
const router = new Router();
router.get('/quotes/:symbol', (ctx) => {
  const price = quoteFeed.latest(ctx.params.symbol);
  if (price === undefined) ctx.throw(404, 'unknown symbol');
  ctx.body = { symbol: ctx.params.symbol, price, spread: Math.round(price * 0.0004 * 1e4) / 1e4 };
});
router.get('/symbols', (ctx) => {
  ctx.body = { symbols: SYMBOLS };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-feed-close-listener listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
