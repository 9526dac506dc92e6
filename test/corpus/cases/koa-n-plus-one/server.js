'use strict';
// An order-details API with the classic N+1 pattern: loadOrderDetails fetches the order, then fetches each of its
// six products one at a time in a for...of loop with await (about 12 ms per backend call), so every request waits
// for seven round-trips in a row although the six product look-ups are independent.
const http = require('node:http');
const Koa = require('koa');
const Router = require('@koa/router');

// The slow backend runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let downstreamPort;

const agent = new http.Agent({ keepAlive: true });

function getJson(route) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: downstreamPort, path: route, agent }, (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (data += chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(data));
          } catch (err) {
            reject(err);
          }
        });
      })
      .on('error', reject);
  });
}

async function loadOrderDetails(orderId) {
  const order = await getJson(`/orders/${orderId}`);
  const productIds = [101, 102, 103, 104, 105, 106].map((p) => p + (Number(orderId) % 7));
  const lines = [];
  for (const id of productIds) {
    const product = await getJson(`/products/${id}`);
    lines.push({ productId: id, value: product.value });
  }
  return { orderId, status: order.value, lines };
}

const app = new Koa();
const router = new Router();
router.get('/orders/:id', async (ctx) => {
  ctx.body = await loadOrderDetails(ctx.params.id);
});
router.get('/health', (ctx) => {
  ctx.body = { ok: true };
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

startDownstream(12).then(
  (port) => {
    downstreamPort = port;
    server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`koa-n-plus-one listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
