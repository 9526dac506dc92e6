'use strict';
// An inventory API. Its client for the inventory service was given a lock (withLock) when a token refresh raced,
// and callInventory now takes that one lock around every call: all requests' downstream calls run one at a time, so
// with ten clients each ~10 ms call waits behind up to nine others while the event loop idles.
const Koa = require('koa');
const Router = require('@koa/router');

// The slow backend runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let downstreamPort;
let tail = Promise.resolve();

function withLock(task) {
  const run = tail.then(task, task);
  tail = run.catch(() => {});
  return run;
}

function callInventory(route) {
  return withLock(async () => {
    const res = await fetch(`http://127.0.0.1:${downstreamPort}${route}`);
    return res.json();
  });
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/inventory/:sku', async (ctx) => {
  const data = await callInventory(`/inventory/${ctx.params.sku}`);
  ctx.body = { sku: ctx.params.sku, onHand: data.value % 40 };
});
app.use(router.routes()).use(router.allowedMethods());

let server;
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  const closed = server
    ? new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      })
    : Promise.resolve();
  Promise.all([closed, stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(10).then(
  (port) => {
    downstreamPort = port;
    server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`koa-downstream-mutex listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
