'use strict';
// A shipping-label API. Each label is one ~15 ms call to the carrier's label service, but nextSlot() first hands out
// send slots 20 ms apart (a limit copied from another endpoint of the carrier), so concurrent requests queue for
// their slot while the event loop idles.
const http = require('node:http');
const Koa = require('koa');
const Router = require('@koa/router');

// The carrier runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

const SLOT_MS = 20;
let carrierPort;
let nextFreeAt = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function nextSlot() {
  const now = Date.now();
  const at = Math.max(now, nextFreeAt);
  nextFreeAt = at + SLOT_MS;
  return new Promise((resolve) => setTimeout(resolve, at - now));
}

function postJson(route, payload) {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(payload);
    const req = http.request({ host: '127.0.0.1', port: carrierPort, path: route, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve(JSON.parse(text)));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function createLabel(shipment) {
  await nextSlot();
  const label = await postJson('/labels', shipment);
  return { shipment: shipment.shipment, tracking: `TRK${label.value}${shipment.shipment.slice(2)}`, service: shipment.service };
}

function readJson(ctx) {
  return new Promise((resolve, reject) => {
    let text = '';
    ctx.req.setEncoding('utf8');
    ctx.req.on('data', (chunk) => (text += chunk));
    ctx.req.on('end', () => {
      try {
        resolve(JSON.parse(text));
      } catch (err) {
        reject(err);
      }
    });
    ctx.req.on('error', reject);
  });
}

const app = new Koa();
const router = new Router();
router.post('/labels', async (ctx) => {
  const shipment = await readJson(ctx).catch(() => ctx.throw(400, 'invalid JSON'));
  if (typeof shipment.shipment !== 'string') ctx.throw(400, 'shipment is required');
  ctx.status = 201;
  ctx.body = await createLabel(shipment);
});
app.use(router.routes());

let server;
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  const closed = server ? new Promise((resolve) => server.close(resolve)) : Promise.resolve();
  if (server) server.closeAllConnections();
  Promise.all([closed, stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(15).then(
  (port) => {
    carrierPort = port;
    server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`koa-carrier-throttle-slots listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
