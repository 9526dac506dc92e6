'use strict';
// The app's line behind a query that a driver sends later, from a callback (a pool hands out a connection, a busy
// connection's queue moves on): by then the stack holds only the driver. The drivers' query methods are wrapped where
// they are entered, from the app's own stack, and leave a hint (the call site, by the query's shape) that the wire
// reader takes when it sees the query go out. Found in require.cache once a database connection is seen, so only an
// app that talks to a database is touched.
const { safe } = require('./util.cjs');
const { sqlShape } = require('./query-shape.cjs');
const { captureSite, createSiteSampler, keepStack, runWithStack, withEntrySite, stopEntrySites } = require('./call-site.cjs');
const requestContext = require('./request-context.cjs');
const { watchPoolMaking } = require('./pool-made.cjs');

const path = require('path');

/**
 * Driver files whose export's `methods` are the app's entry points, with the major versions read and tested. The
 * pools, and a connection only while it is busy (`queued`): a query on a free connection goes out at once from the
 * app's own stack, so a hint there would cost a second stack capture per query for nothing; one the connection queues
 * behind another (the app's single mysql2, mysql or pg connection under load) goes out later from the driver's callback.
 */
const DRIVERS = [
  { pkg: 'pg-pool', file: 'index.js', methods: ['query'], system: 'postgres', majors: [2, 3], setting: "pg's `max`", size: (pool) => pool.options && pool.options.max, ended: (pool) => pool.ending || pool.ended },
  { pkg: 'mysql2', file: 'lib/pool.js', methods: ['query', 'execute'], system: 'mysql', majors: [2, 3], setting: '`connectionLimit`', size: (pool) => pool.config && pool.config.connectionLimit, ended: (pool) => pool._closed },
  { pkg: 'mysql', file: 'lib/Pool.js', methods: ['query'], system: 'mysql', majors: [2], setting: '`connectionLimit`', size: (pool) => pool.config && pool.config.connectionLimit, ended: (pool) => pool._closed },
  { pkg: 'mysql2', file: 'lib/connection.js', methods: ['query', 'execute'], system: 'mysql', majors: [2, 3], queued: (connection) => Boolean(connection._command) || (connection._commands && connection._commands.length > 0) },
  // pg's Client used alone (a pool's clients have `release`, and the pool's own query left the hint): busy while it
  // runs a query; pg 8.20+ keeps its queue in _-prefixed fields behind deprecated getters, older 8.x in plain ones.
  { pkg: 'pg', file: 'lib/client.js', methods: ['query'], system: 'postgres', majors: [8], queued: (client) => !client.release && Boolean('_activeQuery' in client ? client._activeQuery : client.activeQuery) },
  // mysql's connection keeps the sequence it runs at the head of its protocol's queue, and the rest behind it.
  { pkg: 'mysql', file: 'lib/Connection.js', methods: ['query'], system: 'mysql', majors: [2], queued: (connection) => Boolean(connection._protocol && connection._protocol._queue && connection._protocol._queue.length > 0) },
];
/**
 * Pools whose checkout the app (or its ORM) calls: only remembered for their size, and where the checkout answers with
 * a promise, timed from the ask to the connection handed over (the wait for a free connection). pg-pool's connect and
 * mysql2's and mysql's getConnection are TypeORM's way in (a client checked out, then queried on); sequelize-pool is
 * Sequelize's pool and tarn knex's, generic pools whose system is read from the connection they hand over. `exported`
 * picks the class from the file's export.
 */
const CHECKOUTS = [
  { pkg: 'pg-pool', file: 'index.js', method: 'connect', system: 'postgres', majors: [2, 3], exported: (e) => e, setting: DRIVERS[0].setting, size: DRIVERS[0].size, ended: DRIVERS[0].ended, handed: (result) => result },
  { pkg: 'mysql2', file: 'lib/pool.js', method: 'getConnection', system: 'mysql', majors: [2, 3], exported: (e) => e, setting: DRIVERS[1].setting, size: DRIVERS[1].size, ended: DRIVERS[1].ended },
  { pkg: 'mysql', file: 'lib/Pool.js', method: 'getConnection', system: 'mysql', majors: [2], exported: (e) => e, setting: DRIVERS[2].setting, size: DRIVERS[2].size, ended: DRIVERS[2].ended },
  { pkg: 'sequelize-pool', file: 'lib/Pool.js', method: 'acquire', majors: [7], setting: "Sequelize's `pool.max`", exported: (e) => e && e.Pool, size: (pool) => pool.maxSize, ended: (pool) => pool._draining, handed: (result) => result },
  { pkg: 'tarn', file: 'dist/Pool.js', method: 'acquire', majors: [3], setting: "knex's `pool.max`", exported: (e) => e && e.Pool, size: (pool) => pool.max, ended: (pool) => pool.destroyed, handed: (result) => result && result.promise },
];
/**
 * ORMs whose queries go out after awaits of their own: their entry points, called from the app's stack, keep it for the
 * queries they start (call-site.cjs withEntrySite). Sequelize's models inherit the statics of its Model class; its
 * managed transaction is left out, as every query of its callback would then be charged to the transaction's line.
 */
const ORM_ENTRIES = [
  {
    pkg: 'sequelize', file: 'lib/model.js', majors: [6], exported: (e) => e,
    statics: ['findAll', 'findByPk', 'findOne', 'aggregate', 'count', 'findAndCountAll', 'max', 'min', 'sum', 'create', 'findOrCreate', 'upsert', 'bulkCreate', 'destroy', 'update', 'increment'],
    methods: ['save', 'reload', 'update', 'destroy', 'restore', 'increment'],
  },
  { pkg: 'sequelize', file: 'lib/sequelize.js', majors: [6], exported: (e) => e, statics: [], methods: ['query'] },
  // knex: the app builds a query (knex('t').where(...), knex.raw) in its own function and the query runs when it is
  // awaited, later, from a promise job: the builder keeps the stack of its making, and its `then` runs with it. Each
  // dialect's client makes its own builder.
  ...['lib/client.js', 'lib/dialects/postgres/index.js', 'lib/dialects/mysql/index.js', 'lib/dialects/mysql2/index.js', 'lib/dialects/cockroachdb/index.js', 'lib/dialects/sqlite3/index.js', 'lib/dialects/mssql/index.js'].map((file) => ({ pkg: 'knex', file, majors: [2, 3], exported: (e) => e, makers: ['queryBuilder', 'raw'] })),
  ...['lib/query/querybuilder.js', 'lib/raw.js'].map((file) => ({ pkg: 'knex', file, majors: [2, 3], exported: (e) => e, runners: ['then'] })),
];
/** The stack a knex builder was made with (ORM_ENTRIES makers), for its `then`. */
const MADE_AT = Symbol('checkup.madeAt');
/**
 * The app's line that asked a pool for a connection is the line behind the queries that go out on it until the next
 * checkout, when those queries leave from a callback (TypeORM checks out, awaits, then queries: by then its stack holds
 * only the driver). Reading a deep ORM stack costs tens of microseconds, so a pool's first 8 checkouts are read and
 * then one in 4; a connection handed over unread carries no line (the wire reader falls back on the shape's last).
 */
const CHECKOUT_SITE_DEPTH = 120;
const CHECKOUT_SAMPLE_FIRST = 8;
const CHECKOUT_SAMPLE_EVERY = 4;
/** Pools remembered per system for their size: an app has a few; one that makes a pool per request is not followed further. */
const MAX_POOLS = 20;
const HINT_MAX_AGE_MS = 60000;

/** The socket under a connection a pool hands over: pg's Client, mysql2's and mysql's Connection. */
function socketOf(connection) {
  if (!connection || typeof connection !== 'object') return undefined;
  return (connection.connection && connection.connection.stream) || connection.stream || connection._socket;
}

/** systemOf(socket): the system the wire reader found that socket speaking, or undefined. */
function createQueryHints(performance, systemOf = () => undefined) {
  const hints = new Map(); // shape -> [{ site, at }]
  const wrapped = []; // [owner, method, original, wrapper] for stop()
  const seenFiles = new Set();
  const notes = [];
  const sample = createSiteSampler(8, 16);
  const pools = new Map(); // pool object -> driver, the pools the app queried through
  const poolSystem = new WeakMap(); // generic pool -> the system of the connections it hands over
  let waits = new Map(); // system -> { count, totalMs, maxMs }: checkouts answered in the window, and their waits
  const askedBy = new WeakMap(); // socket -> the app's line that checked out its connection last (or null: not read)
  let checkoutsSeen = 0;
  const made = watchPoolMaking();

  /** The app's line asking for a connection now, on the sampled checkouts; null otherwise or when only a dependency asks. */
  function checkoutSite(below) {
    checkoutsSeen++;
    if (checkoutsSeen > CHECKOUT_SAMPLE_FIRST && checkoutsSeen % CHECKOUT_SAMPLE_EVERY !== 0) return null;
    const site = captureSite(below, CHECKOUT_SITE_DEPTH);
    return site && !site.fromDependency ? site : null;
  }

  function bind(connection, site) {
    const socket = socketOf(connection);
    if (socket && typeof socket === 'object') askedBy.set(socket, site);
  }

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
    const queued = driver.queued;
    const wrapper = function () {
      if (queued) {
        if (safe(() => queued(this), false)) safe(() => leave(system, textOf(arguments[0])));
        return original.apply(this, arguments);
      }
      if (!pools.has(this)) safe(() => notePool(this, driver));
      safe(() => leave(system, textOf(arguments[0])));
      return original.apply(this, arguments);
    };
    replace(owner, method, original, wrapper, '__checkupHint');
  }

  /** Time a checkout that answers with a promise: from the ask to the connection handed over. */
  function timeCheckout(pool, driver, promise) {
    const t0 = performance.now();
    const request = requestContext.current();
    promise.then((connection) => recordCheckout(pool, driver, t0, request, connection), () => {});
  }

  /** A checkout answered: the wait from the ask (t0) to the connection handed over, for the request that asked. */
  function recordCheckout(pool, driver, t0, request, connection) {
    const ms = performance.now() - t0;
    let system = driver.system || poolSystem.get(pool);
    if (!system) {
      system = safe(() => systemOf(socketOf(connection)), undefined);
      if (system) poolSystem.set(pool, system);
    }
    if (!system) return;
    // The request that asked, for its route (record.waits, 'checkout:<system>').
    if (request) requestContext.addWait(request, 'checkout:' + system, ms);
    const w = waits.get(system) || { count: 0, totalMs: 0, maxMs: 0 };
    w.count++;
    w.totalMs += ms;
    if (ms > w.maxMs) w.maxMs = ms;
    waits.set(system, w);
  }

  function wrapCheckout(Class, driver) {
    const method = driver.method;
    const owner = Class && Class.prototype;
    if (!owner || typeof owner[method] !== 'function' || owner[method].__checkupCheckout) return;
    const original = owner[method];
    const wrapper = function () {
      if (!pools.has(this)) safe(() => notePool(this, driver));
      const site = safe(() => checkoutSite(wrapper), null);
      let args = arguments;
      const last = arguments.length - 1;
      // Callback style (mysql's and mysql2's getConnection(cb), pg-pool's connect(cb)): the connection comes to the
      // callback. The pools' own query() checks out this way (pg-pool's and mysql2's pool.query), so a pool the app
      // only queries through is timed too: its queue is the wait before the callback.
      if (last >= 0 && typeof arguments[last] === 'function') {
        const callback = arguments[last];
        const asked = { pool: this, driver };
        const t0 = performance.now();
        const request = requestContext.current();
        args = Array.prototype.slice.call(arguments);
        args[last] = function (err, connection) {
          if (!err) {
            safe(() => bind(connection, site));
            safe(() => recordCheckout(asked.pool, asked.driver, t0, request, connection));
          }
          return callback.apply(this, arguments);
        };
      }
      const result = original.apply(this, args);
      const promise = safe(() => (driver.handed ? driver.handed(result) : result), null);
      if (promise && typeof promise.then === 'function') {
        safe(() => promise.then((connection) => bind(connection, site), () => {}));
        if (driver.handed) safe(() => timeCheckout(this, driver, promise));
      }
      return result;
    };
    replace(owner, method, original, wrapper, '__checkupCheckout');
  }

  /** The ORM's own function `owner[method]` (not one inherited, nor ours already), or null. */
  function ownEntry(owner, method) {
    if (!owner || !Object.prototype.hasOwnProperty.call(owner, method) || typeof owner[method] !== 'function' || owner[method].__checkupEntry) return null;
    return owner[method];
  }

  /** `owner[method]` run with the app's stack kept for the queries it starts (ORM_ENTRIES). */
  function wrapEntry(owner, method) {
    const original = ownEntry(owner, method);
    if (!original) return;
    const wrapper = function (...args) {
      return withEntrySite(wrapper, () => original.apply(this, args));
    };
    replace(owner, method, original, wrapper, '__checkupEntry');
  }

  /** A maker of query objects (knex's queryBuilder, raw): the object keeps the app's stack of its making. */
  function wrapMaker(owner, method) {
    const original = ownEntry(owner, method);
    if (!original) return;
    const wrapper = function () {
      const made = original.apply(this, arguments);
      if (made && typeof made === 'object') safe(() => Object.defineProperty(made, MADE_AT, { value: keepStack(wrapper), configurable: true }));
      return made;
    };
    replace(owner, method, original, wrapper, '__checkupEntry');
  }

  /** A query object's runner (knex's then): run with the stack the object was made with. */
  function wrapRunner(owner, method) {
    const original = ownEntry(owner, method);
    if (!original) return;
    const wrapper = function (...args) {
      const made = this && this[MADE_AT];
      return made ? runWithStack(made, () => original.apply(this, args)) : original.apply(this, args);
    };
    replace(owner, method, original, wrapper, '__checkupEntry');
  }

  /** `wrapper` in place of `owner[method]`, looking like it (length, name), marked as ours and undone by stop(). */
  function replace(owner, method, original, wrapper, marker) {
    safe(() => Object.defineProperty(wrapper, marker, { value: true }));
    safe(() => Object.defineProperty(wrapper, 'length', { value: original.length }));
    safe(() => Object.defineProperty(wrapper, 'name', { value: original.name }));
    owner[method] = wrapper;
    wrapped.push([owner, method, original, wrapper]);
  }

  /** The major version of the package a cached file belongs to; a version not known is named in a note. */
  function knownMajor(file, known, what) {
    const version = safe(() => require(path.join(file.slice(0, file.length - known.file.length), 'package.json')).version, '');
    const major = parseInt(String(version), 10);
    if (known.majors.includes(major)) return true;
    const note = `${known.pkg} ${Number.isFinite(major) ? major + '.x' : '(version unknown)'}: ${what}`;
    if (!notes.includes(note)) notes.push(note);
    return false;
  }

  /** Wrap what is loaded of the known drivers; a version not known is named and left alone. */
  function scan() {
    const cache = safe(() => require.cache, null);
    if (!cache) return;
    for (const file of Object.keys(cache)) {
      if (seenFiles.has(file) || !file.includes('node_modules')) continue;
      const endsWith = (d) => file.endsWith(path.join('node_modules', d.pkg, d.file));
      const driver = DRIVERS.find(endsWith);
      const checkouts = CHECKOUTS.filter(endsWith);
      const orm = ORM_ENTRIES.find(endsWith);
      if (!driver && !checkouts.length && !orm) continue;
      seenFiles.add(file);
      const exported = cache[file] && cache[file].exports;
      if (driver && knownMajor(file, driver, "queries not attributed to the app's line (only timed at the socket)")) {
        for (const method of driver.methods) safe(() => wrapMethod(exported, method, driver));
      }
      if (orm && knownMajor(file, orm, "queries charged to the line that awaits the ORM's promise")) {
        const Class = safe(() => orm.exported(exported), null);
        const proto = Class && Class.prototype;
        for (const method of orm.statics || []) safe(() => wrapEntry(Class, method));
        for (const method of orm.methods || []) safe(() => wrapEntry(proto, method));
        for (const method of orm.makers || []) safe(() => wrapMaker(proto, method));
        for (const method of orm.runners || []) safe(() => wrapRunner(proto, method));
      }
      for (const checkout of checkouts) {
        if (knownMajor(file, checkout, checkout.handed ? "pool's size and waits for a connection not read" : "pool's size not read")) safe(() => wrapCheckout(checkout.exported(exported), checkout));
      }
    }
  }

  return {
    scan,
    take,
    /** The app's line that checked out the connection of this socket last; null when that checkout was not read. */
    askedBy: (socket) => askedBy.get(socket) || null,
    /**
     * The connections the app's pools may open, per system: the sum of the sizes of the pools it queried through and
     * has not ended (a generic pool once it has handed over a connection whose system is known). A system whose pool
     * is not read (Prisma's, a driver version not known) has no entry. `madeAt`: the app's line that made one of them.
     */
    poolSizes() {
      const sizes = new Map();
      const settings = new Map(); // system -> the settings the sizes were read from
      const madeAt = new Map(); // system -> the app's line that made one of its pools (the first seen)
      for (const [pool, driver] of pools) {
        if (safe(() => driver.ended(pool), false)) {
          pools.delete(pool);
          continue;
        }
        const system = driver.system || poolSystem.get(pool);
        const size = safe(() => driver.size(pool), undefined);
        if (system && Number.isInteger(size) && size > 0) {
          sizes.set(system, (sizes.get(system) || 0) + size);
          const names = settings.get(system) || [];
          if (!names.includes(driver.setting)) names.push(driver.setting);
          settings.set(system, names);
          const site = made.siteOf(pool);
          if (site && !madeAt.has(system)) madeAt.set(system, site);
        }
      }
      return { sizes, settings, madeAt };
    },
    /** The window's checkouts per system that were timed (the ORMs' pools): { count, totalMs, maxMs }, reset. */
    takeCheckoutWaits() {
      const out = waits;
      waits = new Map();
      return out;
    },
    /** Notes not yet reported (a driver version not known). */
    takeNotes: () => notes.splice(0),
    stop() {
      for (const [owner, method, original, wrapper] of wrapped.splice(0)) if (owner[method] === wrapper) owner[method] = original;
      stopEntrySites();
      made.stop();
      hints.clear();
      pools.clear();
      waits.clear();
    },
  };
}

module.exports = { createQueryHints };
