'use strict';
// A CSV export of the 800 most recent transactions, rebuilt the slow way on every request: toCsv copies every row,
// escapes every cell through an array of single characters (escapeCell), joins each line and concatenates the lines
// with reduce. The data only changes when a transaction is added; a couple of milliseconds of avoidable CPU per
// request.
const Koa = require('koa');
const Router = require('@koa/router');

const transactions = [];
for (let i = 0; i < 800; i++) transactions.push({ id: `tx-${i}`, account: `acc-${i % 300}`, amount: ((i * 7919) % 100000) / 100, currency: 'EUR', memo: `Invoice ${i}, "monthly", ref ${i % 97}`, at: new Date(1700000000000 + i * 3600000).toISOString() });

function escapeCell(value) {
  return ['"', ...String(value).split('').map((ch) => (ch === '"' ? '""' : ch)), '"'].join('');
}

function toCsv(rows) {
  const header = 'id,account,amount,currency,memo,at\n';
  return rows
    .map((r) => ({ ...r, amount: r.amount.toFixed(2) }))
    .map((r) => [r.id, r.account, r.amount, r.currency, r.memo, r.at].map(escapeCell))
    .map((cells) => cells.join(',') + '\n')
    .reduce((csv, line) => csv + line, header);
}

const app = new Koa();
const router = new Router();
router.get('/export.csv', (ctx) => {
  ctx.type = 'text/csv';
  ctx.body = toCsv(transactions);
});
router.get('/health', (ctx) => {
  ctx.body = { ok: true };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-csv-escape listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
