'use strict';
// A bookkeeping service on plain node:http with pino (JSON on stderr). Most requests are small: an account's
// balance. GET /accounts/:id/backup returns the account's ledger as a compressed download, and packBackup compresses
// the 2.5 MB JSON ledger with zlib.deflateSync on the main thread, holding the event loop for tens of milliseconds per
// download while every balance request behind it waits. zlib.deflate (asynchronous, on the threadpool) or a
// streamed pipeline would keep the loop free.
const http = require('node:http');
const zlib = require('node:zlib');
const pino = require('pino');

const log = pino({ level: 'info' }, pino.destination(2));
const ACCOUNTS = 8;

// Each account's ledger: 12,000 entries, about 2.5 MB of JSON, kept in memory as the service's working set.
function buildLedger(account) {
  const entries = [];
  for (let i = 0; i < 12000; i++) {
    const n = (account * 7919 + i * 104729) % 1000003;
    entries.push({ id: `${account}-${i}`, date: `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`, memo: `Payment ${n} for invoice ${n % 9973}`, debitCents: n % 3 ? n % 50000 : 0, creditCents: n % 3 ? 0 : n % 70000, counterparty: `party-${n % 1200}` });
  }
  return JSON.stringify({ account, currency: 'EUR', entries });
}
const ledgers = new Map();
for (let a = 1; a <= ACCOUNTS; a++) ledgers.set(a, buildLedger(a));

function packBackup(account) {
  const body = zlib.deflateSync(Buffer.from(ledgers.get(account)), { level: 9 });
  log.info({ account, bytes: body.length }, 'backup packed');
  return body;
}

function balance(account) {
  return { account, balanceCents: (account * 104729) % 9000000, updatedAt: '2026-11-29T06:00:00Z' };
}

const server = http.createServer((req, res) => {
  const m = /^\/accounts\/(\d+)(\/backup)?$/.exec(req.url);
  const account = m && Number(m[1]);
  if (!m || !ledgers.has(account)) {
    res.writeHead(404).end();
    return;
  }
  if (m[2]) {
    const body = packBackup(account);
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-encoding': 'deflate', 'content-length': body.length });
    res.end(body);
    return;
  }
  const json = JSON.stringify(balance(account));
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-pino-deflatesync-account-backup listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
