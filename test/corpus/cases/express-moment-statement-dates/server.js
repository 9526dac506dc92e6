'use strict';
// An online-banking statement API. The core banking system exports transactions with dates as "DD/MM/YYYY HH:mm:ss"
// strings, and formatStatement parses each one with moment(value, format) (moment's format parser builds and runs a
// set of regular expressions per token on every call) to re-format it for display, for every row of every statement
// request, instead of converting the dates once when the export is loaded. Each request costs a millisecond or two,
// almost all of it in moment's parsing; no single request is long.
const express = require('express');
const moment = require('moment');

const FORMAT = 'DD/MM/YYYY HH:mm:ss';
const pad = (n) => String(n).padStart(2, '0');
const accounts = new Map();
for (let a = 0; a < 20; a++) {
  const rows = [];
  for (let i = 0; i < 120; i++) {
    const day = (i % 28) + 1;
    const month = ((i + a) % 12) + 1;
    rows.push({
      id: `${a}-${i}`,
      bookedAt: `${pad(day)}/${pad(month)}/2026 ${pad((i * 7) % 24)}:${pad((i * 13) % 60)}:${pad((i * 17) % 60)}`,
      valueDate: `${pad(day)}/${pad(month)}/2026 00:00:00`,
      description: `Card payment ${i} - merchant ${(i * 31) % 97}`,
      amountCents: ((i * 7919 + a) % 200000) - 100000,
    });
  }
  accounts.set(`ACC${1000 + a}`, rows);
}

function formatStatement(rows) {
  return rows.map((row) => ({
    id: row.id,
    booked: moment(row.bookedAt, FORMAT).format('D MMM YYYY, HH:mm'),
    value: moment(row.valueDate, FORMAT).format('D MMM YYYY'),
    description: row.description,
    amount: (row.amountCents / 100).toFixed(2),
  }));
}

const app = express();
app.get('/accounts/:id/statement', (req, res) => {
  const rows = accounts.get(req.params.id);
  if (!rows) return res.status(404).json({ error: 'unknown account' });
  res.json({ account: req.params.id, transactions: formatStatement(rows) });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-moment-statement-dates listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
