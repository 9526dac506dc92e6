'use strict';
// An order-details API with the classic N+1 pattern: loadOrderDetails fetches the order, then fetches each of its
// six products one at a time in a for...of loop with await (about 12 ms per backend call), so every request waits
// for seven round-trips in a row although the six product look-ups are independent.
const http = require('node:http');
const path = require('node:path');
const { fork } = require('node:child_process');
const Koa = require('koa');
const Router = require('@koa/router');

let downstream;
let downstreamPort;

// The backend runs as its own process, so that this server has exactly one listening port. It gets a clean Node
// (no inherited --inspect or --require flags, no NODE_OPTIONS) and exits when this process does.
function startDownstream(delayMs) {
  const env = { ...process.env, DOWNSTREAM_DELAY_MS: String(delayMs) };
  delete env.NODE_OPTIONS;
  downstream = fork(path.join(__dirname, 'downstream.js'), [], { execArgv: [], env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    downstream.once('message', (message) => resolve(message.port));
    downstream.once('exit', (code) => reject(new Error(`the downstream service exited (${code})`)));
  });
}
// Stops the backend and resolves once it has exited (and been reaped by this process).
function stopDownstream() {
  if (!downstream || downstream.exitCode !== null || downstream.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    downstream.once('exit', resolve);
    downstream.kill();
  });
}
process.on('exit', () => {
  if (downstream && downstream.exitCode === null) downstream.kill();
});

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
