'use strict';
// Work the app hands to the libuv threadpool, per call site: Node's own asynchronous crypto (scrypt, pbkdf2, hkdf,
// generateKeyPair, generatePrime) and zlib's one-shot functions (gzip, deflate,
// brotli... and their inverses). Each is wrapped once, at probe start; a call costs one short stack capture and a
// closure, against the milliseconds of pool work it queues. The wait is from the call to its callback (queued for a
// free thread, then worked on). util.promisify goes through the wrapper too. bcrypt's and argon2's native bindings are
// wrapped as they load (ADDON_APIS), answering through a callback or a promise. Not seen here: zlib streams, fs and
// dns.lookup (too frequent to wrap cheaply), crypto.subtle, and other native addons: the addons the app loaded are
// reported instead (process.dlopen), so the doctor can name the package.
const { round, safe } = require('./util.cjs');
const { captureSite } = require('./call-site.cjs');
const txWatch = require('./tx-watch.cjs');
const requestContext = require('./request-context.cjs');
const { performance } = require('perf_hooks');

// The app's line is a frame or two under the wrapper (util.promisify adds one).
const SITE_DEPTH = 16;
// randomBytes and randomFill are left alone: apps call them per request for ids and tokens, for microseconds of work.
const CRYPTO_APIS = ['scrypt', 'pbkdf2', 'hkdf', 'generateKeyPair', 'generatePrime'];
// Native addons whose asynchronous functions queue work on the threadpool, by package: the binding's function -> the
// name the app knows it by. Wrapped on the binding's exports as process.dlopen loads it (bcrypt 5's bcrypt.js calls
// bindings.compare(data, hash, cb) with the app's call on the stack; argon2's argon2.js calls the binding's hash for
// both hash() and verify(), through util.promisify before 0.31 and as a promise-returning function since).
const ADDON_APIS = {
  bcrypt: { compare: 'compare', encrypt: 'hash', gen_salt: 'genSalt' },
  argon2: { hash: 'hash' },
};
const ZLIB_APIS = ['gzip', 'gunzip', 'deflate', 'inflate', 'deflateRaw', 'inflateRaw', 'unzip', 'brotliCompress', 'brotliDecompress'];

function createPoolCallCollector() {
  let sites = new Map();
  const inFlight = new Set();
  let windowStart = process.hrtime.bigint();
  const undo = [];
  const addons = [];
  let addonsSent = 0;

  /** `promises`: the function may answer through a returned promise instead of a callback (an addon's). */
  function wrap(moduleName, mod, name, apiName, promises) {
    const original = mod[name];
    if (typeof original !== 'function') return;
    const api = moduleName + '.' + (apiName || name);
    const wrapped = function (...args) {
      const last = args.length - 1;
      const viaCallback = last >= 0 && typeof args[last] === 'function';
      if (!viaCallback && !promises) return original.apply(this, args);
      const site = safe(() => captureSite(wrapped, SITE_DEPTH), null);
      if (!site) return original.apply(this, args);
      const entry = { api, site, t0: process.hrtime.bigint() };
      inFlight.add(entry);
      const tx = safe(() => txWatch.waitStarts('threadpool', api, null, performance.now(), { site: () => site }), null);
      const request = requestContext.current();
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        safe(() => settle(entry, process.hrtime.bigint(), true));
        if (request) safe(() => requestContext.addWait(request, 'threadpool', Number(process.hrtime.bigint() - entry.t0) / 1e6));
        if (tx) safe(() => txWatch.waitEnds(tx, performance.now()));
      };
      if (viaCallback) {
        const callback = args[last];
        args[last] = function () {
          finish();
          return callback.apply(this, arguments);
        };
      }
      let result;
      try {
        result = original.apply(this, args);
      } catch (err) {
        // Refused at once (bad arguments): no work was queued.
        inFlight.delete(entry);
        finished = true;
        if (tx) safe(() => txWatch.waitEnds(tx, performance.now()));
        throw err;
      }
      if (!viaCallback) {
        // Our own branch of the promise: it handles a rejection for us only, the app's await still sees it.
        if (result && typeof result.then === 'function') safe(() => result.then(finish, finish));
        else finish();
      }
      return result;
    };
    Object.defineProperty(wrapped, 'name', { value: original.name });
    Object.defineProperty(wrapped, 'length', { value: original.length });
    for (const key of Reflect.ownKeys(original)) if (!(key in wrapped)) safe(() => (wrapped[key] = original[key]));
    mod[name] = wrapped;
    undo.push(() => {
      if (mod[name] === wrapped) mod[name] = original;
    });
  }

  /**
   * A call's wait is counted in the windows it spans: the part since the last window closed, when it completes or when
   * a window closes while it still waits. A call that takes longer than the run still names its site.
   */
  function settle(entry, now, done) {
    const from = entry.t0 > windowStart ? entry.t0 : windowStart;
    record(entry.api, entry.site, Number(now - from) / 1e6, done ? Number(now - entry.t0) / 1e6 : undefined);
    if (done) inFlight.delete(entry);
  }

  /** `fullMs`: a completed call's whole wait (undefined while it still waits). */
  function record(api, site, ms, fullMs) {
    const completed = fullMs === undefined ? 0 : 1;
    const key = api + '|' + site.key;
    const s = sites.get(key) || { api, functionName: site.functionName, url: site.url, line: site.line, column: site.column, count: 0, totalMs: 0, inFlight: 0 };
    if (site.calledFrom) s.calledFrom = site.calledFrom;
    s.count += completed;
    if (completed) s.doneMs = (s.doneMs || 0) + fullMs;
    else s.inFlight++;
    s.totalMs += ms;
    sites.set(key, s);
  }

  const crypto = safe(() => require('crypto'), null);
  if (crypto) for (const name of CRYPTO_APIS) safe(() => wrap('crypto', crypto, name));
  const zlib = safe(() => require('zlib'), null);
  if (zlib) for (const name of ZLIB_APIS) safe(() => wrap('zlib', zlib, name));

  // Native addons the app loads: their package is what the doctor can name when the pool is busy with work it cannot see.
  const originalDlopen = process.dlopen;
  if (typeof originalDlopen === 'function') {
    const dlopen = function (module, filename) {
      const pkg = safe(() => packageOf(String(filename)), undefined);
      safe(() => {
        if (pkg && !addons.includes(pkg) && addons.length < 50) addons.push(pkg);
      });
      const result = originalDlopen.apply(this, arguments);
      const apis = pkg && Object.prototype.hasOwnProperty.call(ADDON_APIS, pkg) ? ADDON_APIS[pkg] : null;
      if (apis && module && module.exports) for (const name of Object.keys(apis)) safe(() => wrap(pkg, module.exports, name, apis[name], true));
      return result;
    };
    process.dlopen = dlopen;
    undo.push(() => {
      if (process.dlopen === dlopen) process.dlopen = originalDlopen;
    });
  }

  return {
    /**
     * Per API and call site: calls completed in the window, calls still waiting at its end, and the time all of them
     * waited within the window, ms; and the addons loaded since the last window.
     */
    take() {
      const now = process.hrtime.bigint();
      for (const entry of inFlight) safe(() => settle(entry, now, false));
      windowStart = now;
      const out = [];
      for (const s of sites.values()) out.push({ ...s, totalMs: round(s.totalMs, 3), ...(s.doneMs !== undefined ? { doneMs: round(s.doneMs, 3) } : {}) });
      sites = new Map();
      const newAddons = addons.slice(addonsSent);
      addonsSent = addons.length;
      return { calls: out, addons: newAddons };
    },
    stop() {
      for (const fn of undo.splice(0)) safe(fn);
    },
  };
}

/** "bcrypt" for .../node_modules/bcrypt/lib/binding/napi-v3/bcrypt_lib.node; "@scope/name" for scoped packages. */
function packageOf(file) {
  const m = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](?!.*[\\/]node_modules[\\/])/.exec(file);
  return m ? m[1].replace(/\\/g, '/') : undefined;
}

module.exports = { createPoolCallCollector, packageOf };
