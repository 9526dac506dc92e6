// A payments API, an ES module on Fastify. POST /payments takes an Idempotency-Key header so that a client retrying
// after a timeout is not charged twice. rememberIdempotencyKey stores every key with the response it got in a Map
// and nothing ever removes them (keys only need keeping for 24 hours; the Map keeps them for ever): about 300 bytes
// per payment, a slow leak that never stops while payments arrive.
import Fastify from 'fastify';

const seen = new Map();

function rememberIdempotencyKey(key, response) {
  seen.set(key, { storedAt: Date.now(), response: JSON.stringify(response) });
}

let nextId = 1;
const app = Fastify({ logger: false });
app.post('/payments', async (request, reply) => {
  const body = request.body || {};
  // Retries of a request the load never repeats still get a fresh key: the client derives it from its own counter.
  const key = String(request.headers['idempotency-key'] || '') + ':' + nextId;
  const previous = seen.get(key);
  if (previous) return reply.type('application/json').send(previous.response);
  const payment = { id: `pay_${nextId++}`, amount: Number(body.amount) || 0, currency: String(body.currency || 'EUR'), status: 'captured' };
  rememberIdempotencyKey(key, payment);
  return reply.code(201).send(payment);
});
app.get('/payments/stats', async () => ({ remembered: seen.size }));

await app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
console.log(`fastify-esm-idempotency-keys-slow-leak listening on http://127.0.0.1:${app.server.address().port}`);
function shutdown() {
  app.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
