'use strict';
// A partner API on Fastify with its own rate limiter: rateLimit, an onRequest hook, keeps a fixed one-second window
// per API key and answers 429 with Retry-After once a key has made 50 requests in the window. The partner's
// integration sends far more than that, so most of its requests are refused by design: the server is doing what its
// policy says (shedding a client over its quota) at a trivial cost per refusal, and the errors are the policy's, not
// a fault in the handlers.
const Fastify = require('fastify');

const LIMIT_PER_SECOND = 50;
const windows = new Map();

function rateLimit(request, reply, done) {
  const key = request.headers['x-api-key'] || request.ip;
  const second = Math.floor(Date.now() / 1000);
  let window = windows.get(key);
  if (!window || window.second !== second) {
    window = { second, count: 0 };
    windows.set(key, window);
  }
  window.count++;
  if (window.count > LIMIT_PER_SECOND) {
    reply.code(429).header('retry-after', '1').send({ error: 'rate limit exceeded', limit: LIMIT_PER_SECOND });
    return;
  }
  done();
}

const rates = { EUR: 1, USD: 1.08, GBP: 0.86, CHF: 0.95, JPY: 162.4 };

const app = Fastify();
app.addHook('onRequest', rateLimit);
app.get('/rates/:currency', async (request, reply) => {
  const rate = rates[request.params.currency];
  if (rate === undefined) return reply.code(404).send({ error: 'unknown currency' });
  return { base: 'EUR', currency: request.params.currency, rate, at: new Date().toISOString() };
});

app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then((address) => console.log(`fastify-partner-rate-limit-429 listening on ${address}`));
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  app.close().finally(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
