'use strict';
// The app's line behind a query that a driver sends later, from a callback (a pool hands out a connection, a busy
// connection's queue moves on): by then the stack holds only the driver. The drivers' query methods are wrapped where
// they are entered, from the app's own stack, and leave a hint (the call site, by the query's shape) that the wire
// reader takes when it sees the query go out. Found in require.cache once a database connection is seen, so only an
// app that talks to a database is touched.
const { safe } = require('./util.cjs');
const { sqlShape } = require('./query-shape.cjs');
const { captureSite, createSiteSampler } = require('./call-site.cjs');
const requestContext = require('./request-context.cjs');

const path = require('path');

/**
 * Driver files whose export's `methods` are the app's entry points, with the major versions read and tested. Only the
 * pools: a query on a connection the app (or its ORM) holds goes out from the app's own stack when the connection is
 * free, and a hint on every connection-level call would cost a second stack capture per pooled query.
 */
const DRIVERS = [
  { pkg: 'pg-pool', file: 'index.js', methods: ['query'], system: 'postgres', majors: [2, 3], size: (pool) => pool.options && pool.options.max, ended: (pool) => pool.ending || pool.ended },
  { pkg: 'mysql2', file: 'lib/pool.js', methods: ['query', 'execute'], system: 'mysql', majors: [2, 3], size: (pool) => pool.config && pool.config.connectionLimit, ended: (pool) => pool._closed },
  { pkg: 'mysql', file: 'lib/Pool.js', methods: ['query'], system: 'mysql', majors: [2], size: (pool) => pool.config && pool.config.connectionLimit, ended: (pool) => pool._closed },
];
/** Pools remembered per system for their size: an app has a few; one that makes a pool per request is not followed further. */
const MAX_POOLS = 20;
const HINT_MAX_AGE_MS = 60000;

function createQueryHints(performance) {
  const hints = new Map(); // shape -> [{ site, at }]
  const wrapped = []; // [owner, method, original, wrapper] for stop()
  const seenFiles = new Set();
  const notes = [];
  const sample = createSiteSampler(8, 16);
  const pools = new Map(); // pool object -> driver, the pools the app queried through

  /** The pool a query went through, remembered for its size (the drivers' own setting: pg max, mysql2 connectionLimit). */
  function notePool(pool, driver) {
    if (!pool || typeof pool !== 'object' || pools.has(pool) || pools.size >= MAX_POOLS) return;
    pools.set(pool, driver);
  }

  function leave(system, text) {
    if (typeof text !== 'string') return;
    const shape = sqlShape(text, system);
    const found = sample(shape, () => captureSite(leave));
    const site = found && !found.fromDependency ? found : null;
    // The request the app is serving here: the query may go out later from another request's callback (the one that
    // gave its connection back), which is not the one to charge it to.
    const request = requestContext.current();
    if (!site && !request) return;
    const list = hints.get(shape) || [];
    if (list.length < 200) list.push({ site, request, at: performance.now() });
    hints.set(shape, list);
    if (hints.size > 1000) hints.delete(hints.keys().next().value);
  }

  /** The oldest fresh hint for a shape (a query goes out in the order the app asked for it), consumed: { site, request }. */
  function take(shape) {
    const list = hints.get(shape);
    if (!list) return null;
    const now = performance.now();
    while (list.length && now - list[0].at > HINT_MAX_AGE_MS) list.shift();
    const hint = list.shift();
    if (!list.length) hints.delete(shape);
    return hint || null;
  }

  function textOf(arg) {
    if (typeof arg === 'string') return arg;
    if (arg && typeof arg === 'object') return typeof arg.text === 'string' ? arg.text : typeof arg.sql === 'string' ? arg.sql : undefined;
    return undefined;
  }

  function wrapMethod(Class, method, driver) {
    const system = driver.system;
    let owner = Class && Class.prototype;
    while (owner && !Object.prototype.hasOwnProperty.call(owner, method)) owner = Object.getPrototypeOf(owner);
    if (!owner || owner === Object.prototype || typeof owner[method] !== 'function' || owner[method].__checkupHint) return;
    const original = owner[method];
    const wrapper = function () {
      if (!pools.has(this)) safe(() => notePool(this, driver));
      safe(() => leave(system, textOf(arguments[0])));
      return original.apply(this, arguments);
    };
    safe(() => Object.defineProperty(wrapper, '__checkupHint', { value: true }));
    safe(() => Object.defineProperty(wrapper, 'length', { value: original.length }));
    safe(() => Object.defineProperty(wrapper, 'name', { value: original.name }));
    owner[method] = wrapper;
    wrapped.push([owner, method, original, wrapper]);
  }

  /** Wrap what is loaded of the known drivers; a version not known is named and left alone. */
  function scan() {
    const cache = safe(() => require.cache, null);
    if (!cache) return;
    for (const file of Object.keys(cache)) {
      if (seenFiles.has(file) || !file.includes('node_modules')) continue;
      const driver = DRIVERS.find((d) => file.endsWith(path.join('node_modules', d.pkg, d.file)));
      if (!driver) continue;
      seenFiles.add(file);
      const version = safe(() => require(path.join(file.slice(0, file.length - driver.file.length), 'package.json')).version, '');
      const major = parseInt(String(version), 10);
      if (!driver.majors.includes(major)) {
        const note = `${driver.pkg} ${Number.isFinite(major) ? major + '.x' : '(version unknown)'}: queries not attributed to the app's line (only timed at the socket)`;
        if (!notes.includes(note)) notes.push(note);
        continue;
      }
      const exported = cache[file] && cache[file].exports;
      for (const method of driver.methods) safe(() => wrapMethod(exported, method, driver));
    }
  }

  return {
    scan,
    take,
    /**
     * The connections the app's pools may open, per system: the sum of the sizes of the pools it queried through and
     * has not ended. A system whose pool is not read (Sequelize's and knex's own pools) has no entry.
     */
    poolSizes() {
      const sizes = new Map();
      for (const [pool, driver] of pools) {
        if (safe(() => driver.ended(pool), false)) {
          pools.delete(pool);
          continue;
        }
        const size = safe(() => driver.size(pool), undefined);
        if (Number.isInteger(size) && size > 0) sizes.set(driver.system, (sizes.get(driver.system) || 0) + size);
      }
      return sizes;
    },
    /** Notes not yet reported (a driver version not known). */
    takeNotes: () => notes.splice(0),
    stop() {
      for (const [owner, method, original, wrapper] of wrapped.splice(0)) if (owner[method] === wrapper) owner[method] = original;
      hints.clear();
      pools.clear();
    },
  };
}

module.exports = { createQueryHints };
