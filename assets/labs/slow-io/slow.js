'use strict';
// Lab "slow-io": a product page that needs three answers from a slow backend (stock, price, reviews; ~80 ms each)
// and asks for them one after another in fetchInventory. The process is idle almost all the time, the event loop
// is free, and still every request takes a quarter of a second: it waits.
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

async function fetchInventory(productId) {
  const stock = await (await fetch(backend(`/stock/${productId}`))).json();
  const price = await (await fetch(backend(`/price/${productId}`))).json();
  const reviews = await (await fetch(backend(`/reviews/${productId}`))).json();
  return { productId, stock: stock.value, price: price.value, reviews: reviews.value };
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
      console.log(`lab slow-io (slow) listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
