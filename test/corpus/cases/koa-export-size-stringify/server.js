'use strict';
// A records service with an "export" feature. The UI shows the size of a full export before the user starts it, and
// exportSize computes that size by serialising the whole 40,000-record store with JSON.stringify on every call: one
// synchronous stretch of tens of milliseconds per request, during which the cheap record reads wait.
const Koa = require('koa');
const Router = require('@koa/router');

const store = [];
for (let i = 0; i < 40000; i++) {
  store.push({ id: i, customer: `customer-${i % 977}`, amount: (i * 37) % 10000 / 100, status: ['open', 'paid', 'void'][i % 3], tags: [`t${i % 11}`, `r${i % 7}`], note: `record ${i} of the ledger` });
}

function exportSize() {
  const bytes = Buffer.byteLength(JSON.stringify(store));
  return { records: store.length, bytes, megabytes: Math.round(bytes / 1e4) / 100 };
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/export/size', (ctx) => {
  ctx.body = exportSize();
});
router.get('/records/:id', (ctx) => {
  const record = store[Number(ctx.params.id)];
  if (!record) ctx.throw(404, 'no such record');
  ctx.body = record;
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-export-size-stringify listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
