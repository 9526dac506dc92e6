'use strict';
// Lab "slow-io", fixed variant. fetchInventory asks the backend for stock, price and reviews at the same time
// instead of one after another, and keeps each product's answer for two seconds, with concurrent requests for the
// same product sharing one backend round trip. Most requests are now served without waiting at all.
const http = require('node:http');
const { fork } = require('node:child_process');
const path = require('node:path');

let downstream;
let downstreamPort;

// The backend runs as its own process so that this app has exactly one listening port. It gets a clean Node: no
// inherited --inspect or --require flags (those belong to this process), and it exits when we do.
function startDownstream() {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  downstream = fork(path.join(__dirname, 'downstream.js'), [], { execArgv: [], env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    downstream.once('message', (message) => resolve(message.port));
    downstream.once('exit', (code) => reject(new Error(`the downstream service exited (${code})`)));
  });
}

function backend(route) {
  return `http://127.0.0.1:${downstreamPort}${route}`;
}

// How stale a product's stock and price may be: two seconds is fine for a product page.
const INVENTORY_TTL_MS = 2000;
const inventory = new Map();

async function loadInventory(productId) {
  const [stock, price, reviews] = await Promise.all([
    fetch(backend(`/stock/${productId}`)).then((res) => res.json()),
    fetch(backend(`/price/${productId}`)).then((res) => res.json()),
    fetch(backend(`/reviews/${productId}`)).then((res) => res.json()),
  ]);
  return { productId, stock: stock.value, price: price.value, reviews: reviews.value };
}

function fetchInventory(productId) {
  const cached = inventory.get(productId);
  if (cached && Date.now() - cached.at < INVENTORY_TTL_MS) return cached.promise;
  const promise = loadInventory(productId);
  inventory.set(productId, { at: Date.now(), promise });
  promise.catch(() => inventory.delete(productId));
  return promise;
}

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  const match = /^\/products\/(\d+)$/.exec(url.pathname);
  if (match) return sendJson(res, 200, await fetchInventory(Number(match[1])));
  if (url.pathname === '/health') return sendJson(res, 200, { ok: true });
  sendJson(res, 404, { error: 'not found' });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((err) => sendJson(res, 502, { error: err.message }));
});

function shutdown() {
  if (downstream && downstream.exitCode === null) downstream.kill();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, shutdown);
process.on('exit', () => {
  if (downstream && downstream.exitCode === null) downstream.kill();
});

startDownstream().then(
  (port) => {
    downstreamPort = port;
    server.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => {
      console.log(`lab slow-io (fixed) listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
