'use strict';
// A product API that asks the feature-flag service for the whole flag set on every request (fetchFlags, ~30 ms)
// before it calls the catalogue service (~10 ms), although flags change a few times a day and the flag client
// could keep them (refreshed in the background); three quarters of every request's wait is that avoidable call,
// while the event loop idles.
const http = require('node:http');
const Fastify = require('fastify');

// The flag and catalogue services run as one process (test/corpus/shared/backend.js), so this server has one
// listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let servicesPort;
const agent = new http.Agent({ keepAlive: true });

function get(path) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: servicesPort, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
  });
}

async function fetchFlags() {
  const answer = await get('/flags/storefront?delay=30');
  return { showStock: answer.value % 2 === 0, priceRounding: answer.value % 5 };
}

async function getProduct(sku) {
  const flags = await fetchFlags();
  const product = await get(`/catalogue/${sku}?delay=10`);
  const price = Math.round(((product.value % 90) + 9.99) * 10 ** flags.priceRounding) / 10 ** flags.priceRounding;
  return { sku, price, stock: flags.showStock ? product.value % 40 : undefined };
}

const app = Fastify({ logger: false });
app.get('/products/:sku', (request) => getProduct(request.params.sku));

function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  agent.destroy();
  Promise.all([app.close(), stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(10).then(
  (port) => {
    servicesPort = port;
    return app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
      console.log(`fastify-flags-fetch-per-request listening on http://127.0.0.1:${app.server.address().port}`);
    });
  },
).catch((err) => {
  console.error(err.message);
  process.exit(1);
});
