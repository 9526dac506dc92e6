'use strict';
// Transactions held across waits that are not theirs. A transaction (BEGIN / START TRANSACTION ... COMMIT / ROLLBACK
// on one connection, read at the socket by db-wait.cjs) is opened on the record of the request that sent its BEGIN
// (request-context.cjs). The other waits of the probe (outbound HTTP and fetch, DNS, fs, timers, threadpool crypto and
// zlib, another connection's query) ask here, when they start, whether the request they are made for has a
// transaction open: if it has, their site is read and, when they end, their time is counted against that
// transaction. A request with no transaction open costs one store lookup per wait; a process with no database
// connection none at all (the request context is off, current() is undefined). A DNS, fs or timer wait inside a
// transaction walks the stack for its own line: their collector samples its sites per method (any line calling
// setTimeout stands for the others), and a dependency's timer would be named for the app's.
const { safe } = require('./util.cjs');
const { captureSite } = require('./call-site.cjs');
const requestContext = require('./request-context.cjs');

// CHECKUP_PROBE_WITHOUT=transactions leaves the part out (parts.cjs): no transaction is opened, so no wait asks.
const without = new Set(String(process.env.CHECKUP_PROBE_WITHOUT || '').split(','));
const leftOut = without.has('transactions');
const SITE_DEPTH = 16;
const MAX_OUTSIDE = 50; // outside-wait sites kept per transaction

/** The transactions open in the request being served (or in `request`), or null: most waits stop here. */
function openIn(request) {
  const r = request || requestContext.current();
  const open = r && typeof r === 'object' ? r.openTx : undefined;
  return open && open.length ? open : null;
}

/**
 * A wait starts: a token when the request it is made for holds a transaction open, else null. `below` is the
 * wrapper the app called (its frames are left off the site); `site`, when given, reads the site already known (a query's);
 * `except`, a transaction the wait belongs to (a query on the transaction's own connection is no outside wait).
 */
function waitStarts(kind, method, below, now, options) {
  const open = openIn(options && options.request);
  if (!open) return null;
  const txs = options && options.except ? open.filter((tx) => tx !== options.except) : open.slice();
  if (!txs.length) return null;
  const site = options && options.site ? safe(options.site, null) : safe(() => captureSite(below, SITE_DEPTH), null);
  return { kind, method, site, txs, t0: now };
}

/** The wait ends: its time is counted against each transaction still open that it was made inside. */
function waitEnds(token, now) {
  if (!token) return;
  const ms = now - token.t0;
  for (const tx of token.txs) {
    if (tx.closed) continue;
    const key = token.kind + '\u0000' + token.method + '\u0000' + (token.site ? token.site.key : '(unknown)');
    let w = tx.outside.get(key);
    if (!w) {
      if (tx.outside.size >= MAX_OUTSIDE) continue;
      const s = token.site;
      w = { kind: token.kind, method: token.method, functionName: s ? s.functionName : '(unknown)', url: s ? s.url : '', line: s ? s.line : 0, column: s ? s.column : 0, count: 0, totalMs: 0 };
      if (s && s.calledFrom) w.calledFrom = s.calledFrom;
      if (s && s.via) w.via = s.via;
      tx.outside.set(key, w);
    }
    w.count++;
    w.totalMs += ms;
  }
}

/** A transaction opens on `request`'s record (null when the BEGIN was sent outside a request: it is still timed). */
function opened(request, tx) {
  if (leftOut || !request || typeof request !== 'object') return;
  (request.openTx || (request.openTx = [])).push(tx);
  tx.request = request;
}

function closed(tx) {
  tx.closed = true;
  const open = tx.request && tx.request.openTx;
  if (!open) return;
  const at = open.indexOf(tx);
  if (at >= 0) open.splice(at, 1);
}

module.exports = { enabled: !leftOut, waitStarts, waitEnds, opened, closed };
