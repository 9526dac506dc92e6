'use strict';
// A sign-up form protected by a math captcha ("Is 1,299,709 a prime number?"). makeCaptcha picks the question's
// number from the list of primes below a limit, and builds that list with a sieve of Eratosthenes on every
// /captcha request instead of once at start-up (or with a small primality test for the one number it asks about);
// each sieve is one synchronous stretch a little over 10 ms, and the cheap form submissions wait behind it.
const crypto = require('node:crypto');
const Koa = require('koa');
const Router = require('@koa/router');

const SIEVE_LIMIT = Number(process.env.SIEVE_LIMIT || 3_200_000);
let captchaSerial = 0;

function primesBelow(limit) {
  const composite = new Uint8Array(limit);
  const primes = [];
  for (let n = 2; n < limit; n++) {
    if (composite[n]) continue;
    primes.push(n);
    for (let m = n * n; m < limit; m += n) composite[m] = 1;
  }
  return primes;
}

function makeCaptcha() {
  const primes = primesBelow(SIEVE_LIMIT);
  const serial = captchaSerial++;
  // Every other question asks about a prime, the others about an odd number just above one.
  const prime = primes[primes.length - 1 - ((serial * 7919) % 5000)];
  const asked = serial % 2 ? prime : prime + 2 * ((serial % 3) + 1);
  const answer = primes.includes(asked);
  const id = crypto.createHash('sha1').update(`captcha-${serial}`).digest('hex').slice(0, 16);
  return { id, question: `Is ${asked.toLocaleString('en-US')} a prime number?`, answerHash: crypto.createHash('sha1').update(`${id}:${answer}`).digest('hex') };
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/captcha', (ctx) => {
  const { id, question } = makeCaptcha();
  ctx.body = { id, question };
});
router.post('/signup/check-name', (ctx) => {
  const name = String(ctx.query.name || '');
  ctx.body = { name, available: name.length > 3 && !name.startsWith('admin') };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-captcha-prime-sieve-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
