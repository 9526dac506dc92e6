'use strict';
// A price API with a look-aside cache in a remote cache service: cachedPrice looks the price up in the cache
// (~5 ms), computes it from the pricing service on a miss (~15 ms) and awaits the cache write (~5 ms). The cache
// key includes the request time in milliseconds (meant as a version stamp), so the lookup never hits: every request
// pays the lookup and the write on top of the pricing call, about two fifths of its wait for nothing.
const http = require('node:http');

// The cache and pricing services run as one process (test/corpus/shared/backend.js), so this server has one
// listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let servicesPort;
const agent = new http.Agent({ keepAlive: true });

function call(path) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: servicesPort, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, data: JSON.parse(body) }));
    });
    req.on('error', reject);
  });
}

// The cache service stand-in answers every lookup as a miss unless it has seen the key (it never has: the keys
// are unique).
const seenKeys = new Set();
async function cacheGet(key) {
  await call(`/cache/get/${encodeURIComponent(key)}?delay=5`);
  return seenKeys.has(key) ? { hit: true } : null;
}
async function cacheSet(key) {
  await call(`/cache/set/${encodeURIComponent(key)}?delay=5`);
}

async function cachedPrice(sku) {
  const key = `price:${sku}:${Date.now()}`;
  const cached = await cacheGet(key);
  if (cached) return cached;
  const priced = await call(`/pricing/${sku}?delay=15`);
  const price = { sku, amount: (priced.data.value % 90) + 9.99, currency: 'EUR' };
  await cacheSet(key);
  return price;
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer((req, res) => {
  const m = /^\/prices\/([A-Z]{2}-\d+)$/.exec(req.url);
  if (!m) return send(res, 404, { error: 'not found' });
  cachedPrice(m[1]).then(
    (price) => send(res, 200, price),
    (err) => send(res, 502, { error: err.message }),
  );
});
server.keepAliveTimeout = 30000;

function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  agent.destroy();
  const closed = new Promise((resolve) => {
    server.close(resolve);
    server.closeAllConnections();
  });
  Promise.all([closed, stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(15).then(
  (port) => {
    servicesPort = port;
    server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`http-price-cache-never-hits-mild listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
