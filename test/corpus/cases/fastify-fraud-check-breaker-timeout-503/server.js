'use strict';
// A checkout API on Fastify that asks a fraud-scoring service about every order before accepting it. checkFraud wraps
// the call in the app's own resilience policy: a 25 ms timeout and a circuit breaker that opens after five failures
// in a row, answers "unavailable" at once for two seconds, then lets one trial call through. The fraud service's
// normal answer takes 60 ms (here a slow backend process), so every call times out, the breaker opens, and every
// checkout is answered 503 by the app itself, with a pino warning in its log file. The timeout was set below what the
// service needs; order lookups, which do not call it, are fine.
const http = require('node:http');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const Fastify = require('fastify');
const pino = require('pino');

// The slow backend runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-log-'));
const log = pino({ level: 'warn' }, pino.destination({ dest: path.join(logDir, 'checkout.log'), sync: false }));
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
let fraudPort;

const TIMEOUT_MS = 25;
const breaker = { failures: 0, openUntil: 0, trial: false };

function scoreOrder(order) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: fraudPort, path: `/score/${order.id}`, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    });
    req.on('error', reject);
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`fraud service timed out after ${TIMEOUT_MS} ms`)));
    req.end();
  });
}

class Unavailable extends Error {}

async function checkFraud(order) {
  const now = Date.now();
  if (now < breaker.openUntil || breaker.trial) throw new Unavailable('fraud check circuit open');
  const halfOpen = breaker.openUntil !== 0;
  if (halfOpen) breaker.trial = true;
  try {
    const result = await scoreOrder(order);
    breaker.failures = 0;
    breaker.openUntil = 0;
    return result.value % 100;
  } catch (err) {
    breaker.failures += 1;
    if (halfOpen || breaker.failures >= 5) breaker.openUntil = Date.now() + 2000;
    log.warn({ orderId: order.id, failures: breaker.failures, err: err.message }, 'fraud check failed');
    throw new Unavailable('fraud check unavailable');
  } finally {
    if (halfOpen) breaker.trial = false;
  }
}

const ORDERS = new Map(Array.from({ length: 200 }, (_, i) => [String(1000 + i), { id: String(1000 + i), status: ['paid', 'shipped'][i % 2], totalCents: 1000 + i * 37 }]));
let nextOrder = 5000;

const app = Fastify({ logger: false });
app.post('/checkout', async function checkout(req, reply) {
  const order = { id: String(nextOrder++), items: (req.body && req.body.items) || [], totalCents: Number(req.body && req.body.totalCents) || 0 };
  try {
    const risk = await checkFraud(order);
    if (risk > 90) return reply.code(422).send({ error: 'order declined' });
    return reply.code(201).send({ orderId: order.id, status: 'accepted' });
  } catch (err) {
    if (err instanceof Unavailable) return reply.code(503).header('retry-after', '2').send({ error: 'checkout temporarily unavailable' });
    throw err;
  }
});
app.get('/orders/:id', async (req, reply) => {
  const order = ORDERS.get(req.params.id);
  return order || reply.code(404).send({ error: 'not found' });
});

function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  Promise.allSettled([app.close(), stopDownstream()]).then(() => {
    fs.rmSync(logDir, { recursive: true, force: true });
    process.exit(0);
  });
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(60)
  .then((port) => {
    fraudPort = port;
    return app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
  })
  .then(
    () => console.log(`fastify-fraud-check-breaker-timeout-503 listening on http://127.0.0.1:${app.server.address().port}`),
    (err) => {
      console.error(err.message);
      process.exit(1);
    },
  );
