'use strict';
// An accounting API whose /accounts/:id/ledger answer gathers an account's ledger entries from the (in-process,
// asynchronous) journal store page by page: buildLedger appends each page of 40 entries with
// entries = _.concat(entries, page), which copies the whole accumulated array every time, so an account with 240
// pages makes 240 ever larger throwaway arrays (over a million element copies), and every page's entries are fresh
// objects held across the awaits. Pushing onto one array would copy nothing.
const http = require('node:http');
const _ = require('lodash');

const PAGE = 40;
const PAGES = 240;

// The journal store: asynchronous like a database driver, answering from memory on the next turn.
function readJournalPage(accountId, page) {
  return new Promise((resolve) => {
    setImmediate(() => {
      const rows = [];
      for (let i = 0; i < PAGE; i++) {
        const n = page * PAGE + i;
        rows.push({ seq: n, account: accountId, day: 1 + (n % 28), amountCents: ((n * 7919) % 200000) - 100000, memo: `entry ${n}` });
      }
      resolve(rows);
    });
  });
}

async function buildLedger(accountId) {
  let entries = [];
  for (let page = 0; page < PAGES; page++) {
    const rows = await readJournalPage(accountId, page);
    entries = _.concat(entries, rows.map((r) => ({ seq: r.seq, account: r.account, day: r.day, amountCents: r.amountCents, memo: r.memo, debit: r.amountCents < 0, euros: r.amountCents / 100 })));
  }
  let balance = 0;
  for (const e of entries) balance += e.amountCents;
  return { account: accountId, entries: entries.length, balanceCents: balance, last: entries.slice(-5) };
}

const server = http.createServer((req, res) => {
  const m = /^\/accounts\/(\d+)\/ledger$/.exec(req.url);
  if (!m) {
    res.writeHead(404, { 'content-type': 'application/json' });
    return res.end('{"error":"not found"}');
  }
  buildLedger(Number(m[1])).then((ledger) => {
    const body = JSON.stringify(ledger);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-ledger-lodash-concat listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
