'use strict';
// A bank's statement page on Koa and PostgreSQL (pg Pool of ten). GET /accounts/:id/statements/:month reads the
// month's transactions of one account through an index on (account_id, booked_at) (about 300 rows), computes the
// running balance, the totals per category and the largest items, and renders the statement with a Handlebars
// template compiled once at start (buildStatement). A millisecond or two of CPU per request, spent on exactly what the
// page is: every transaction of the month, in order, with its balance. Nothing to fix.
const Koa = require('koa');
const Router = require('@koa/router');
const Handlebars = require('handlebars');
const { Pool } = require('pg');

const pool = new Pool({ max: 10 });

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS transactions;
    CREATE TABLE transactions (id bigint PRIMARY KEY, account_id int NOT NULL, booked_at timestamptz NOT NULL, amount_cents int NOT NULL,
      category text NOT NULL, counterparty text NOT NULL, reference text NOT NULL);
    INSERT INTO transactions SELECT g, 1 + g % 40, timestamptz '2026-01-01' + (g / 40) * interval '145 minutes',
      CASE WHEN g % 9 = 0 THEN 150000 + (g::bigint * 7919) % 90000 ELSE -(200 + ((g::bigint * 104729) % 15000)) END,
      (ARRAY['groceries','transport','rent','utilities','dining','salary','health','leisure'])[1 + g % 8],
      'Counterparty ' || (g % 310), 'REF' || lpad(g::text, 9, '0')
      FROM generate_series(1, 130000) g;
    CREATE INDEX transactions_by_account ON transactions (account_id, booked_at);
    ANALYZE transactions;
  `);
}

const template = Handlebars.compile(`<article class="statement"><h1>Account {{account}} - {{month}}</h1>
<p>Opening balance {{money opening}}; closing balance {{money closing}}</p>
<table>{{#each lines}}<tr><td>{{day}}</td><td>{{counterparty}}</td><td>{{reference}}</td><td>{{category}}</td><td>{{money amount}}</td><td>{{money balance}}</td></tr>{{/each}}</table>
<h2>By category</h2><ul>{{#each categories}}<li>{{name}}: {{money total}}</li>{{/each}}</ul>
<h2>Largest payments</h2><ol>{{#each largest}}<li>{{counterparty}} {{money amount}}</li>{{/each}}</ol></article>`);
Handlebars.registerHelper('money', (cents) => `${cents < 0 ? '-' : ''}EUR ${(Math.abs(cents) / 100).toFixed(2)}`);

async function monthTransactions(accountId, month) {
  const from = `${month}-01`;
  const { rows } = await pool.query(
    `SELECT booked_at, amount_cents, category, counterparty, reference FROM transactions
      WHERE account_id = $1 AND booked_at >= $2::date AND booked_at < ($2::date + interval '1 month') ORDER BY booked_at`,
    [accountId, from],
  );
  return rows;
}

function buildStatement(accountId, month, rows) {
  let balance = 250000;
  const opening = balance;
  const byCategory = new Map();
  const lines = rows.map((r) => {
    balance += r.amount_cents;
    byCategory.set(r.category, (byCategory.get(r.category) || 0) + r.amount_cents);
    return { day: r.booked_at.toISOString().slice(0, 10), counterparty: r.counterparty, reference: r.reference, category: r.category, amount: r.amount_cents, balance };
  });
  const largest = rows.filter((r) => r.amount_cents < 0).sort((a, b) => a.amount_cents - b.amount_cents).slice(0, 10).map((r) => ({ counterparty: r.counterparty, amount: r.amount_cents }));
  const categories = [...byCategory].map(([name, total]) => ({ name, total })).sort((a, b) => a.total - b.total);
  return template({ account: accountId, month, opening, closing: balance, lines, categories, largest });
}

const router = new Router();
router.get('/accounts/:id/statements/:month', async (ctx) => {
  const month = ctx.params.month;
  if (!/^2026-(0[1-9]|1[0-2])$/.test(month)) {
    ctx.status = 400;
    ctx.body = { error: 'month must be 2026-01 to 2026-12' };
    return;
  }
  const accountId = Number(ctx.params.id);
  ctx.type = 'html';
  ctx.body = buildStatement(accountId, month, await monthTransactions(accountId, month));
});
const app = new Koa();
app.use(router.routes());

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`koa-pg-monthly-statement-render listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => pool.end().finally(() => process.exit(0));
  if (!server) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
