'use strict';
// The request being served, so that the database waits it makes (db-wait.cjs) are counted against its route
// (routes.cjs): an AsyncLocalStorage store, entered when the server starts a request, that holds the request's own
// timing record. It stays off until the app opens (or is found holding) a database connection: an app that never
// queries pays nothing for it. On Node 20 and 22 an AsyncLocalStorage turns on V8's promise hooks for the whole
// process, a cost on every promise the app makes; Node 24's AsyncContextFrame makes it a pointer copy. Measured with
// the instructions benchmark (bench/probe-instructions.ts) with it forced on: CHECKUP_PROBE_REQUEST_CONTEXT=1, read
// once at load, which only the benchmark sets; CHECKUP_PROBE_WITHOUT=request-context leaves it out (parts.cjs).
let storage = null;
const without = new Set(String(process.env.CHECKUP_PROBE_WITHOUT || '').split(','));
const leftOut = without.has('request-context');

function enable() {
  if (storage || leftOut) return;
  try {
    storage = new (require('async_hooks').AsyncLocalStorage)();
  } catch {
    storage = null; // no AsyncLocalStorage (Node older than 13.10): waits stay the process's
  }
}

if (process.env.CHECKUP_PROBE_REQUEST_CONTEXT === '1') enable();

module.exports = {
  enable,
  /** A request starts: the rest of this turn, and everything it queues, runs for it. */
  enter(record) {
    if (storage) storage.enterWith(record);
  },
  /**
   * A wait other than a query, made for `request` (its record, or undefined): summed on the record by kind (dns, fs,
   * timer, http, fetch, threadpool, checkout:<system>), for its route when it finishes (record.waits, beside record.db).
   */
  addWait(request, kind, ms) {
    if (!request || typeof request !== 'object') return;
    const waits = request.waits || (request.waits = {});
    const w = waits[kind] || (waits[kind] = { count: 0, totalMs: 0 });
    w.count++;
    w.totalMs += ms;
  },
  /** The record of the request being served, if any. */
  current() {
    return storage ? storage.getStore() : undefined;
  },
  disable() {
    if (storage) storage.disable();
    storage = null;
  },
};
