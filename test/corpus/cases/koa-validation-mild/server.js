'use strict';
// An order API whose parseOrder rejects orders without a `currency` field with 400. One client in the mix (one
// request in eight of the load) still sends the old payload without it, so about 12 % of requests fail.
const Koa = require('koa');
const Router = require('@koa/router');

const orders = [];

async function readJson(ctx) {
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

function parseOrder(payload) {
  const errors = [];
  if (typeof payload.sku !== 'string') errors.push('sku is required');
  if (!Number.isInteger(payload.qty) || payload.qty < 1) errors.push('qty must be a positive integer');
  if (!['EUR', 'USD', 'GBP'].includes(payload.currency)) errors.push('currency is required');
  if (errors.length) {
    const err = new Error(errors.join('; '));
    err.status = 400;
    err.expose = true;
    throw err;
  }
  return { sku: payload.sku, qty: payload.qty, currency: payload.currency };
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.post('/orders', async (ctx) => {
  const order = parseOrder(await readJson(ctx));
  orders.push(order);
  if (orders.length > 1000) orders.shift();
  ctx.status = 201;
  ctx.body = { accepted: true };
});
router.get('/orders/count', (ctx) => {
  ctx.body = { count: orders.length };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-validation-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
