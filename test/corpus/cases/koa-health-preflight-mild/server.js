'use strict';
// A price API. getPrice calls ensureServiceUp before every call to the ~15 ms pricing service, and ensureServiceUp
// asks the service's /health endpoint (another ~15 ms round trip) each time instead of relying on the call itself
// failing: half of every request's wait is an avoidable round trip.
const http = require('node:http');
const Koa = require('koa');
const Router = require('@koa/router');

// The pricing service runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let pricingPort;
const agent = new http.Agent({ keepAlive: true });

function get(path) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: pricingPort, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
  });
}

async function ensureServiceUp() {
  const health = await get('/health');
  if (health.status !== 200) throw new Error('pricing service is down');
}

async function getPrice(sku) {
  await ensureServiceUp();
  const answer = await get(`/prices/${sku}`);
  return JSON.parse(answer.body);
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/prices/:sku', async (ctx) => {
  const data = await getPrice(ctx.params.sku);
  ctx.body = { sku: ctx.params.sku, price: (data.value % 90) + 9.99 };
});
app.use(router.routes()).use(router.allowedMethods());

let server;
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  agent.destroy();
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

startDownstream(15).then(
  (port) => {
    pricingPort = port;
    server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`koa-health-preflight-mild listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
