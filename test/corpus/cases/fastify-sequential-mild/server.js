'use strict';
// A checkout-preview API. quoteCheckout asks the backend for a shipping quote and then for the tax rate (about 15 ms
// each); the two calls are independent but awaited one after the other, so every preview waits ~30 ms where ~15 ms
// would do. Only two calls, so the waste is modest.
const path = require('node:path');
const { fork } = require('node:child_process');
const fastify = require('fastify')({ logger: false });

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

async function getJson(route) {
  const res = await fetch(`http://127.0.0.1:${downstreamPort}${route}`);
  return res.json();
}

async function quoteCheckout(cartId, country) {
  const shipping = await getJson(`/shipping/${country}?cart=${cartId}`);
  const tax = await getJson(`/tax/${country}`);
  return { cartId, country, shipping: shipping.value, taxRate: tax.value / 100 };
}

fastify.get('/checkout/:cart/preview', async (request) => quoteCheckout(request.params.cart, request.query.country || 'FR'));
fastify.get('/health', async () => ({ ok: true }));

function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  Promise.all([fastify.close(), stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(15).then(
  async (port) => {
    downstreamPort = port;
    await fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
    console.log(`fastify-sequential-mild listening on http://127.0.0.1:${fastify.server.address().port}`);
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
