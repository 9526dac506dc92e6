'use strict';
// Waits a request makes that are neither a database nor an outbound HTTP call: DNS lookups (dns.lookup and
// dns.promises.lookup, which net.connect and http use for a host name), the file system's asynchronous calls (fs's
// callback and promise forms) and timers (setTimeout, timers/promises' setTimeout) that fire. Timed only while the app
// serves a request (the http server's diagnostics channels count them in and out), from the call to its callback or
// its promise settling, per kind, method and the app's line that made the call. A timer cleared before it fires is
// not a wait and is not counted. Outside a request the wrappers cost one comparison.
const { round, safe } = require('./util.cjs');
const { captureSite: captureCallSite, createSiteSampler } = require('./call-site.cjs');
const txWatch = require('./tx-watch.cjs');
const requestContext = require('./request-context.cjs');

const SITE_DEPTH = 16;
const MAX_SITES = 2000;
const FS_METHODS = ['readFile', 'writeFile', 'appendFile', 'stat', 'lstat', 'access', 'readdir', 'open', 'close', 'read', 'write', 'unlink', 'rename', 'mkdir', 'realpath', 'copyFile', 'rm'];

/**
 * `routes`, the routes part's collector when it runs: its count of requests in flight is used, so that the server's
 * channels are not subscribed to twice; without it this part follows them itself.
 */
function createOtherWaitCollector(performance, routes) {
  const undo = [];
  const siteMeta = new Map();
  let sites = new Map();
  const inFlight = routes && typeof routes.inFlight === 'function' ? routes.inFlight : followRequests(undo);
  // A stack walk for a method's first 8 calls while serving, then 1 in 16 (the line seen last stands for the others).
  const sample = createSiteSampler(8, 16);

  function siteKey(kind, method, below) {
    const site = sample(kind + method, () => captureCallSite(below, SITE_DEPTH));
    const key = kind + '\u0000' + method + '\u0000' + (site ? site.key : '(unknown)');
    if (!siteMeta.has(key) && siteMeta.size < MAX_SITES) {
      const meta = { kind, method, functionName: site ? site.functionName : '(unknown)', url: site ? site.url : '', line: site ? site.line : 0, column: site ? site.column : 0 };
      if (site && site.fromDependency) meta.fromDependency = true;
      if (site && site.calledFrom) meta.calledFrom = site.calledFrom;
      if (site && site.via) meta.via = site.via;
      siteMeta.set(key, meta);
    }
    return key;
  }

  /**
   * `tx`: the transactions the wait was made inside (tx-watch.cjs), when the request held one open; `request`: the
   * record of the request it was made for (request-context.cjs, on once the app has a database connection), for its route.
   */
  function record(key, t0, tx, request, kind) {
    const now = performance.now();
    const ms = now - t0;
    if (tx) txWatch.waitEnds(tx, now);
    if (request) requestContext.addWait(request, kind, ms);
    const s = sites.get(key) || { count: 0, totalMs: 0, maxMs: 0 };
    s.count++;
    s.totalMs += ms;
    if (ms > s.maxMs) s.maxMs = ms;
    sites.set(key, s);
  }

  /** Wrap owner[name] so that, while a request is served, its last function argument (the callback) is timed. */
  function wrapCallback(owner, name, kind) {
    const original = owner && owner[name];
    if (typeof original !== 'function' || original.__checkupWait) return;
    const wrapper = function () {
      const last = arguments.length - 1;
      if (inFlight() > 0 && last >= 0 && typeof arguments[last] === 'function') {
        const key = safe(() => siteKey(kind, name, wrapper), null);
        if (key) {
          const t0 = performance.now();
          const tx = safe(() => txWatch.waitStarts(kind, name, wrapper, t0), null);
          const request = requestContext.current();
          const callback = arguments[last];
          arguments[last] = function () {
            safe(() => record(key, t0, tx, request, kind));
            return callback.apply(this, arguments);
          };
        }
      }
      return original.apply(this, arguments);
    };
    install(owner, name, original, wrapper);
  }

  /** Wrap owner[name], a function returning a promise, so that while a request is served it is timed to settling. */
  function wrapPromise(owner, name, kind, method) {
    const original = owner && owner[name];
    if (typeof original !== 'function' || original.__checkupWait) return;
    const wrapper = function () {
      const result = original.apply(this, arguments);
      if (inFlight() > 0 && result && typeof result.then === 'function') {
        const key = safe(() => siteKey(kind, method || name, wrapper), null);
        if (key) {
          const t0 = performance.now();
          const tx = safe(() => txWatch.waitStarts(kind, method || name, wrapper, t0), null);
          const request = requestContext.current();
          const done = () => record(key, t0, tx, request, kind);
          result.then(done, done);
        }
      }
      return result;
    };
    install(owner, name, original, wrapper);
  }

  function install(owner, name, original, wrapper) {
    safe(() => Object.defineProperty(wrapper, '__checkupWait', { value: true }));
    safe(() => Object.defineProperty(wrapper, 'length', { value: original.length }));
    safe(() => Object.defineProperty(wrapper, 'name', { value: original.name }));
    const ok = safe(() => {
      owner[name] = wrapper;
      return owner[name] === wrapper;
    }, false);
    if (ok) undo.push(() => owner[name] === wrapper && (owner[name] = original));
  }

  const dns = require('dns');
  wrapCallback(dns, 'lookup', 'dns');
  if (dns.promises) wrapPromise(dns.promises, 'lookup', 'dns');
  const fs = require('fs');
  for (const method of FS_METHODS) {
    wrapCallback(fs, method, 'fs');
    if (fs.promises) wrapPromise(fs.promises, method, 'fs');
  }

  // A timer is a wait from setTimeout to its callback; one cleared before it fires never calls the wrapped callback.
  const timers = require('timers');
  const originalSetTimeout = globalThis.setTimeout;
  if (typeof originalSetTimeout === 'function') {
    const setTimeoutWrapper = function setTimeout(callback) {
      if (inFlight() > 0 && typeof callback === 'function') {
        const key = safe(() => siteKey('timer', 'setTimeout', setTimeoutWrapper), null);
        if (key) {
          const t0 = performance.now();
          const tx = safe(() => txWatch.waitStarts('timer', 'setTimeout', setTimeoutWrapper, t0), null);
          const request = requestContext.current();
          const args = Array.prototype.slice.call(arguments);
          args[0] = function () {
            safe(() => record(key, t0, tx, request, 'timer'));
            return callback.apply(this, arguments);
          };
          return originalSetTimeout.apply(this, args);
        }
      }
      return originalSetTimeout.apply(this, arguments);
    };
    // util.promisify(setTimeout) reads this symbol-keyed property of the original.
    safe(() => Object.assign(setTimeoutWrapper, originalSetTimeout));
    for (const sym of Object.getOwnPropertySymbols(originalSetTimeout)) safe(() => (setTimeoutWrapper[sym] = originalSetTimeout[sym]));
    install(globalThis, 'setTimeout', originalSetTimeout, setTimeoutWrapper);
    if (timers.setTimeout === originalSetTimeout) install(timers, 'setTimeout', originalSetTimeout, setTimeoutWrapper);
  }
  const timersPromises = safe(() => require('timers/promises'), null);
  if (timersPromises) wrapPromise(timersPromises, 'setTimeout', 'timer', 'setTimeout');
  // ES modules that import these builtins by name see the wrappers too.
  safe(() => require('module').syncBuiltinESMExports());

  return {
    /** The window's waits per kind, method and call site: [{ kind, method, functionName, url, line, count, totalMs, maxMs }]. */
    take() {
      if (!sites.size) return [];
      const out = [];
      for (const [key, s] of sites) {
        const meta = siteMeta.get(key);
        if (meta) out.push({ ...meta, count: s.count, totalMs: round(s.totalMs, 3), maxMs: round(s.maxMs, 3) });
      }
      sites = new Map();
      return out;
    },
    stop() {
      for (const u of undo.splice(0).reverse()) safe(u);
      safe(() => require('module').syncBuiltinESMExports());
    },
  };
}

/** The count of requests in flight from the http server's channels, for when the routes part is left out. */
function followRequests(undo) {
  const dc = require('diagnostics_channel');
  let inFlight = 0;
  const serving = new WeakSet();
  const subscribe = (name, fn) => {
    safe(() => {
      dc.subscribe(name, fn);
      undo.push(() => dc.unsubscribe(name, fn));
    });
  };
  subscribe('http.server.request.start', (m) => {
    if (m && m.response && !serving.has(m.response)) {
      serving.add(m.response);
      inFlight++;
    }
  });
  subscribe('http.server.response.finish', (m) => {
    if (m && m.response && serving.has(m.response)) {
      serving.delete(m.response);
      inFlight--;
    }
  });
  return () => inFlight;
}

module.exports = { createOtherWaitCollector };
