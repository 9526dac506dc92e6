'use strict';
// A business-banking API. statementCsv builds a month's statement CSV with csv-stringify's synchronous API on every
// download (column definitions, casts for dates, amounts and booleans), around the awaited booking-text translations
// and audit entry, although a closed month never changes. csv-stringify allocates per record and per field.
const Koa = require('koa');
const Router = require('@koa/router');
const { stringify } = require('csv-stringify/sync');

const ROWS_PER_MONTH = 1200;
const COUNTERPARTIES = ['Stadtwerke Nord GmbH', 'Bürobedarf Meyer', 'Cloud Hosting AG', 'Reisebüro Sonne', 'Finanzamt Mitte', 'Kunde "Alpha" KG'];
const TEXTS = ['SEPA-Lastschrift', 'SEPA-Überweisung', 'Kartenzahlung', 'Dauerauftrag', 'Gutschrift'];

function bookings(account, month) {
  const [year, mon] = month.split('-').map(Number);
  const seed = account.charCodeAt(account.length - 1);
  const rows = [];
  for (let i = 0; i < ROWS_PER_MONTH; i++) {
    rows.push({
      id: `${account}-${month}-${i}`,
      bookedAt: new Date(Date.UTC(year, mon - 1, 1 + (i % 28), 8 + (i % 10), (i * 7) % 60)),
      valueDate: new Date(Date.UTC(year, mon - 1, 1 + ((i + 1) % 28))),
      counterparty: COUNTERPARTIES[(i + seed) % COUNTERPARTIES.length],
      iban: `DE${String(10 + (i % 89)).padStart(2, '0')}5001051700${String(1000000 + i * 37).slice(0, 8)}`,
      textCode: i % TEXTS.length,
      reference: `RE-${year}${String(mon).padStart(2, '0')}-${1000 + i}; Kd-Nr. ${seed * 100 + (i % 50)}`,
      amountCents: (i % 3 === 0 ? 1 : -1) * (1250 + ((i * 7919) % 250000)),
      reconciled: i % 4 !== 0,
    });
  }
  return rows;
}

const months = new Map();
for (const account of ['DE44-0001', 'DE44-0002']) for (const month of ['2026-09', '2026-10']) months.set(`${account}/${month}`, bookings(account, month));

async function bookingTexts() {
  await new Promise((resolve) => setImmediate(resolve));
  return TEXTS.map((t) => `${t} (Buchung)`);
}

// The download is written to the audit log (in-process, asynchronous) with the statement's totals.
const downloads = [];
async function recordDownload(records) {
  await new Promise((resolve) => setImmediate(resolve));
  downloads.push({ at: Date.now(), rows: records.length, debit: records.filter((r) => r.amount < 0).length });
  if (downloads.length > 100) downloads.shift();
}

const COLUMNS = [
  { key: 'bookedAt', header: 'Buchungstag' },
  { key: 'valueDate', header: 'Valuta' },
  { key: 'counterparty', header: 'Auftraggeber/Empfänger' },
  { key: 'iban', header: 'IBAN' },
  { key: 'text', header: 'Buchungstext' },
  { key: 'reference', header: 'Verwendungszweck' },
  { key: 'amount', header: 'Betrag (EUR)' },
  { key: 'reconciled', header: 'Abgestimmt' },
];

async function statementCsv(rows) {
  const records = rows.map((row) => ({ ...row, amount: row.amountCents / 100 }));
  const texts = await bookingTexts();
  for (const record of records) record.text = texts[record.textCode];
  const csv = stringify(records, {
    header: true,
    delimiter: ';',
    columns: COLUMNS,
    cast: {
      date: (value) => value.toISOString().slice(0, 10),
      number: (value) => value.toFixed(2).replace('.', ','),
      boolean: (value) => (value ? 'ja' : 'nein'),
    },
  });
  await recordDownload(records);
  return csv;
}

const app = new Koa();
const router = new Router();
router.get('/accounts/:account/statements/:month.csv', async (ctx) => {
  const rows = months.get(`${ctx.params.account}/${ctx.params.month}`);
  if (!rows) ctx.throw(404, 'no such statement');
  ctx.type = 'text/csv; charset=utf-8';
  ctx.attachment(`statement-${ctx.params.account}-${ctx.params.month}.csv`);
  ctx.body = await statementCsv(rows);
});
app.use(router.routes());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-statement-csv-stringify-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
