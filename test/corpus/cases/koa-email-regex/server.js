'use strict';
// A newsletter sign-up: validateEmail uses a regular expression with nested quantifiers. A well-formed address is
// checked in microseconds, but an address with a long local part and no valid domain makes the regex engine
// backtrack exponentially: tens of milliseconds of synchronous work for one request.
const Koa = require('koa');
const Router = require('@koa/router');

const EMAIL = /^([a-zA-Z0-9_.+-]+)+@(([a-zA-Z0-9-])+\.)+[a-zA-Z]{2,}$/;
const subscribers = new Set();

function validateEmail(email) {
  return typeof email === 'string' && email.length < 256 && EMAIL.test(email);
}

async function readJson(ctx) {
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    ctx.throw(400, 'invalid JSON');
  }
}

const app = new Koa();
const router = new Router();
router.post('/subscribe', async (ctx) => {
  const { email } = await readJson(ctx);
  if (!validateEmail(email)) {
    ctx.status = 200;
    ctx.body = { subscribed: false, reason: 'invalid address' };
    return;
  }
  if (subscribers.size < 10000) subscribers.add(email);
  ctx.body = { subscribed: true };
});
router.get('/health', (ctx) => {
  ctx.body = { ok: true, subscribers: subscribers.size };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-email-regex listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
