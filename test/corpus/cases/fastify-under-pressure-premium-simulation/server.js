'use strict';
// An insurance quote API on Fastify. POST /quotes prices a policy by simulating claims: simulateClaims runs a fixed
// Monte Carlo of a million draws (a seeded generator, so the work is the same every time) synchronously on the
// event loop, about a hundred milliseconds per request, for a figure that depends only on the product and the age band and
// could be computed once per band. The team put @fastify/under-pressure in front (maxEventLoopDelay 50 ms): once a
// few quotes are in flight the loop's delay passes 50 ms and the plugin answers 503 "Service Unavailable" to
// everything until it falls back. The 503s are the guard doing its job; the loop blocked by simulateClaims is the cause.
const fastify = require('fastify')({ logger: false });
const underPressure = require('@fastify/under-pressure');

const BANDS = { young: 1.6, adult: 1.0, senior: 1.3 };
const PRODUCTS = { home: 0.0021, motor: 0.0034, travel: 0.0012 };

// Expected yearly claim cost from a million seeded draws (a linear congruential generator and exponential claim
// sizes): deterministic, synchronous, the same for every request of a band.
function simulateClaims(product, band) {
  const p = PRODUCTS[product] * BANDS[band];
  let seed = 12345;
  let total = 0;
  const DRAWS = 1_000_000;
  for (let i = 0; i < DRAWS; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    if (seed / 2147483648 < p * 50) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      total += -Math.log(1 - seed / 2147483648) * 1800;
    }
  }
  return total / DRAWS / 50;
}

fastify.register(underPressure, {
  maxEventLoopDelay: 50,
  retryAfter: 1,
  message: 'Under pressure',
});

fastify.register(async (app) => {
  app.post('/quotes', async (request) => {
    const { product, band, sumInsured } = request.body;
    const expected = simulateClaims(product, band);
    const premium = Math.round((expected * sumInsured) / 1000 * 1.35 * 100) / 100;
    return { product, band, sumInsured, premium, currency: 'EUR' };
  });
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-under-pressure-premium-simulation listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  fastify.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
