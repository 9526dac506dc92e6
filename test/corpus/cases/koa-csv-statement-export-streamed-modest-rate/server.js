'use strict';
// A banking back office on Koa. GET /accounts/:id/statement.csv exports an account's year of transactions (12,000
// rows) as CSV for the accountant: exportStatement streams the ledger through csv-stringify into the response, so
// the rows are formatted in small pieces as the socket takes them, never built as one big string. Each export is a
// few tens of milliseconds of CPU, the route's purpose, asked for a few times a second at most. GET
// /accounts/:id/balance is a small JSON answer. The ledger is held in memory (loaded at start).
const { Readable } = require('node:stream');
const { setImmediate: nextTurn } = require('node:timers/promises');
const Koa = require('koa');
const Router = require('@koa/router');
const { stringify } = require('csv-stringify');

const CATEGORIES = ['groceries', 'rent', 'salary', 'utilities', 'travel', 'restaurants', 'insurance', 'transfer'];
const ledgers = new Map();
for (let account = 1; account <= 3; account++) {
  const rows = [];
  let balance = 250000;
  for (let i = 0; i < 12000; i++) {
    const amount = ((i * 7919 + account * 31) % 40000) - (i % 9 === 0 ? -150000 : 20000);
    balance += amount;
    rows.push({
      date: new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 33) * 86400000).toISOString().slice(0, 10),
      reference: `TX-${account}-${String(i).padStart(6, '0')}`,
      counterparty: `Counterparty ${(i * 13) % 700}, "Main Street" ${i % 90}`,
      category: CATEGORIES[i % CATEGORIES.length],
      amount: (amount / 100).toFixed(2),
      balance: (balance / 100).toFixed(2),
    });
  }
  ledgers.set(String(account), rows);
}

// The ledger is read a page at a time, as from a database cursor: the loop is free between pages.
async function* ledgerPages(rows, pageSize) {
  for (let i = 0; i < rows.length; i += pageSize) {
    if (i > 0) await nextTurn();
    yield* rows.slice(i, i + pageSize);
  }
}

function exportStatement(rows) {
  return Readable.from(ledgerPages(rows, 200)).pipe(stringify({ header: true, columns: ['date', 'reference', 'counterparty', 'category', 'amount', 'balance'] }));
}

const app = new Koa();
const router = new Router();
router.get('/accounts/:id/statement.csv', (ctx) => {
  const rows = ledgers.get(ctx.params.id);
  if (!rows) ctx.throw(404, 'no such account');
  ctx.type = 'text/csv';
  ctx.attachment(`statement-${ctx.params.id}-2025.csv`);
  ctx.body = exportStatement(rows);
});
router.get('/accounts/:id/balance', (ctx) => {
  const rows = ledgers.get(ctx.params.id);
  if (!rows) ctx.throw(404, 'no such account');
  const last = rows[rows.length - 1];
  ctx.body = { account: ctx.params.id, balance: last.balance, asOf: last.date, transactions: rows.length };
});
router.get('/health', (ctx) => {
  ctx.body = { ok: true };
});
app.use(router.routes());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-csv-statement-export-streamed-modest-rate listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
