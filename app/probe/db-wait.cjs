'use strict';
// Database waits per query shape and call site, read at the socket: every client socket the app connects is watched
// until its first bytes say what it speaks (PostgreSQL, MySQL/MariaDB, Redis, MongoDB: db-wire.cjs) and let go
// otherwise. Drivers and ORMs on top (knex, Sequelize, TypeORM, Kysely, Drizzle, mongoose) need nothing of their own:
// whatever they are, their queries go through these sockets. Server sockets (the requests the app serves) are never
// touched, so a request that does not query costs nothing more.
const { round, safe } = require('./util.cjs');
const { captureSite, createSiteSampler } = require('./call-site.cjs');
const { createQueryHints } = require('./db-hints.cjs');
const { systemFromFirstWrite, systemFromFirstRead, toBuffer, createWire } = require('./db-wire.cjs');
const { openClientSockets, rememberLoopbackPort, systemFromNextWrite } = require('./db-takeover.cjs');
const requestContext = require('./request-context.cjs');
const txWatch = require('./tx-watch.cjs');

const MAX_SITES = 2000;
const MAX_PENDING = 10000;
const MAX_TX_SITES = 200;
// A transaction opens with BEGIN or START TRANSACTION (what pg's users, mysql2's beginTransaction, Sequelize and knex
// send) and ends with COMMIT, END or ROLLBACK (not ROLLBACK TO a savepoint). One text that opens and ends it at once
// ("BEGIN; ...; COMMIT") holds nothing across a wait.
const TX_BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const TX_END = /^\s*(commit|end|rollback)\b(?!\s+to\b)/i;
const TX_WHOLE = /\b(commit|end)\s*;?\s*$/i;
const isAppSite = (meta) => Boolean(meta && meta.url && !/[\\/]node_modules[\\/]/.test(meta.url));

function createDbCollector(performance) {
  const net = require('net');
  const socketSystems = new WeakMap(); // database socket -> its system, for the pools that hand over its connection
  const hints = createQueryHints(performance, (socket) => (socket ? socketSystems.get(socket) : undefined));
  const trackers = new Set();
  const systems = new Map();
  const siteMeta = new Map();
  const watched = new WeakSet();
  const restore = new Set(); // sockets whose write/push are ours, undone on stop (an attached probe leaves no trace)
  let sites = new Map();
  let transactions = new Map(); // the opener's key -> transactions completed in the window
  let notes = [];
  let stopped = false;
  const sample = createSiteSampler(8, 16);
  const askedByShape = new Map(); // system + shape -> the app's line that last checked out a connection it ran on

  const originalConnect = net.Socket.prototype.connect;
  const connect = function connect() {
    const result = originalConnect.apply(this, arguments);
    // Node's connect() resets socket.write, so the socket is watched once it has run.
    if (!stopped) safe(() => watch(this));
    return result;
  };
  net.Socket.prototype.connect = connect;
  // The connections already open (an attach): read from their next query on.
  for (const socket of openClientSockets(net)) safe(() => watch(socket, true));

  /**
   * Watch a client socket until its bytes say what it speaks. A new one is read from its first bytes (PostgreSQL's
   * startup, MySQL's greeting); one already open (`existing`) from the next message its driver writes, the bytes it
   * receives before that being the tail of an exchange that started before us (the drivers read here send a query
   * only once the previous one is answered; Redis pipelines, see db-takeover.cjs).
   */
  function watch(socket, existing) {
    if (watched.has(socket)) return;
    watched.add(socket);
    const originalWrite = socket.write;
    const originalPush = socket.push;
    const hadOwn = [Object.prototype.hasOwnProperty.call(socket, 'write'), Object.prototype.hasOwnProperty.call(socket, 'push')];
    let decided = false;
    let tracker = null;
    // The socket's 'close' listeners are ours too: an attached probe that left them behind would make Node warn of a
    // listener leak on the app's connections after a few attaches (ten of ours and the driver's one).
    const undo = () => {
      restore.delete(undo);
      socket.removeListener('close', undo);
      if (tracker && tracker.onClose) socket.removeListener('close', tracker.onClose);
      if (socket.write === write) {
        if (hadOwn[0]) socket.write = originalWrite;
        else delete socket.write;
      }
      if (socket.push === push) {
        if (hadOwn[1]) socket.push = originalPush;
        else delete socket.push;
      }
    };
    const decide = (system, midStream) => {
      decided = true;
      if (system) tracker = safe(() => track(socket, system, midStream), null);
      if (!tracker) undo();
      else if (!existing) hold();
    };
    // Only the database sockets (and those taken over, not yet decided) are remembered, until they close.
    const hold = () => {
      restore.add(undo);
      socket.once('close', undo);
    };
    const write = function write(chunk, encoding) {
      if (!stopped) {
        if (!decided && existing) {
          safe(() => {
            const next = systemFromNextWrite(toBuffer(chunk, encoding), socket.remotePort);
            decide(next && next.system, next && next.midStream);
          });
        } else if (!decided) safe(() => decide(systemFromFirstWrite(toBuffer(chunk, encoding)), false));
        if (tracker && tracker.wire) safe(() => tracker.wire.sent(toBuffer(chunk, encoding)));
      }
      return originalWrite.apply(this, arguments);
    };
    const push = function push(chunk) {
      if (chunk === null && tracker) tracker.peerEnded = true;
      if (!stopped && chunk) {
        if (!decided && !existing) safe(() => decide(systemFromFirstRead(chunk), false));
        if (tracker && tracker.wire) safe(() => tracker.wire.received(chunk));
      }
      return originalPush.apply(this, arguments);
    };
    socket.write = write;
    socket.push = push;
    if (existing) hold();
  }

  function systemStats(system) {
    let s = systems.get(system);
    if (!s) {
      s = { open: 0, busy: 0, lastAt: performance.now(), busyConnMs: 0, allBusyMs: 0, peakOpen: 0, peakBusy: 0, lost: 0, loopbackPorts: new Set() };
      systems.set(system, s);
    }
    return s;
  }

  /** Connection-time integrals up to now: time with n connections busy, and time with every open one busy. */
  function account(s, now) {
    const dt = now - s.lastAt;
    s.busyConnMs += s.busy * dt;
    if (s.open > 0 && s.busy >= s.open) s.allBusyMs += dt;
    s.lastAt = now;
  }

  function track(socket, system, midStream) {
    // From now on the requests the app serves carry a record their queries' waits are added to (their route's).
    safe(() => requestContext.enable());
    const s = systemStats(system);
    account(s, performance.now());
    s.open++;
    if (s.open > s.peakOpen) s.peakOpen = s.open;
    rememberLoopbackPort(s.loopbackPorts, socket);
    const t = { system, socket, stats: s, queue: [], byId: new Map(), busy: false, wire: null, closed: false, peerEnded: false, quitting: false, onClose: null, lastKey: null, tx: null };
    t.wire = createWire(system, {
      started: (shape, id) => started(t, shape, id),
      quit: () => (t.quitting = true),
      answered: (id) => answered(t, id),
      noIndex: () => noIndex(t),
      unreadable: (note) => {
        addNote(note);
        close(t, false);
      },
    }, midStream);
    trackers.add(t);
    socketSystems.set(socket, system);
    t.onClose = (hadError) => {
      // Closed by the server, or broken, while the app had not said goodbye: the database went away.
      if ((t.peerEnded || hadError) && !t.quitting && !t.closed) t.stats.lost++;
      close(t, true);
    };
    socket.once('close', t.onClose);
    safe(() => hints.scan());
    for (const note of hints.takeNotes()) addNote(note);
    return t;
  }

  function addNote(note) {
    if (!notes.includes(note) && notes.length < 20) notes.push(note);
  }

  function started(t, shape, id) {
    if (t.closed || t.queue.length + t.byId.size >= MAX_PENDING) return;
    const hint = hints.take(shape);
    const key = keyFor(t, shape, hint && hint.site);
    // The request that asked for it: its pool's entry knew it; else the one being served as the query goes out.
    const entry = { key, t0: performance.now(), system: t.system, request: hint ? hint.request : requestContext.current() };
    if (txWatch.enabled) safe(() => transactionStep(t, entry, shape));
    if (typeof id === 'number') t.byId.set(id, entry);
    else t.queue.push(entry);
    setBusy(t);
  }

  /**
   * Transactions, per connection: BEGIN opens one on the request that sent it, every query on the connection until
   * COMMIT or ROLLBACK is its own, and a query of the same request on another connection is a wait outside it.
   */
  function transactionStep(t, entry, shape) {
    if (t.tx) {
      entry.tx = t.tx;
      if (TX_END.test(shape)) {
        entry.endsTx = t.tx;
        t.tx = null;
      } else if (!isAppSite(siteMeta.get(t.tx.openerKey)) && isAppSite(siteMeta.get(entry.key))) t.tx.openerKey = entry.key;
      return;
    }
    if (TX_BEGIN.test(shape) && !TX_WHOLE.test(shape)) {
      t.tx = { system: t.system, openerKey: entry.key, t0: entry.t0, queryMs: 0, queries: 0, outside: new Map(), closed: false, request: null };
      entry.tx = t.tx;
      txWatch.opened(entry.request, t.tx);
      return;
    }
    // Another connection's query made by a request that holds a transaction open: a wait outside that transaction.
    entry.outside = txWatch.waitStarts(t.system, shape.length > 120 ? shape.slice(0, 119) + '\u2026' : shape, null, entry.t0, { request: entry.request, site: () => ({ key: entry.key, ...siteMeta.get(entry.key) }) });
  }

  function endTransaction(tx, now) {
    txWatch.closed(tx);
    let s = transactions.get(tx.openerKey);
    if (!s) {
      if (transactions.size >= MAX_TX_SITES) return;
      s = { count: 0, heldMs: 0, maxHeldMs: 0, queryMs: 0, queries: 0, outside: new Map() };
      transactions.set(tx.openerKey, s);
    }
    const held = now - tx.t0;
    s.count++;
    s.heldMs += held;
    if (held > s.maxHeldMs) s.maxHeldMs = held;
    s.queryMs += tx.queryMs;
    s.queries += tx.queries;
    for (const [key, w] of tx.outside) {
      const o = s.outside.get(key) || { ...w, count: 0, totalMs: 0 };
      o.count += w.count;
      o.totalMs += w.totalMs;
      if (s.outside.size < 50 || s.outside.has(key)) s.outside.set(key, o);
    }
  }

  function answered(t, id) {
    const entry = typeof id === 'number' ? t.byId.get(id) : t.queue.shift();
    if (!entry) return;
    if (typeof id === 'number') t.byId.delete(id);
    t.lastKey = entry.key;
    record(entry, performance.now(), false);
    setBusy(t);
  }

  /** The server said the query it just answered read a table without an index (MySQL/MariaDB's status flags). */
  function noIndex(t) {
    const s = t.lastKey && sites.get(t.lastKey);
    if (s) s.noIndex = (s.noIndex || 0) + 1;
  }

  /** Queries still waiting when their connection closes failed: the database went away, or the app closed it. */
  function close(t, failPending) {
    if (t.closed) return;
    t.closed = true;
    t.wire = null;
    const now = performance.now();
    if (failPending) for (const entry of [...t.queue, ...t.byId.values()]) record(entry, now, true);
    // A transaction cut off with its connection held nothing more after; it is not counted.
    if (t.tx) txWatch.closed(t.tx);
    t.tx = null;
    t.queue = [];
    t.byId.clear();
    setBusy(t);
    account(t.stats, now);
    t.stats.open--;
    trackers.delete(t);
  }

  function setBusy(t) {
    const busy = t.queue.length > 0 || t.byId.size > 0;
    if (busy === t.busy) return;
    account(t.stats, performance.now());
    t.busy = busy;
    t.stats.busy += busy ? 1 : -1;
    if (t.stats.busy > t.stats.peakBusy) t.stats.peakBusy = t.stats.busy;
  }

  /**
   * The app's line behind a query: the hint its pool's entry left, else its own stack; a stack of the driver only
   * (the query left from a callback) takes the line that checked out its connection, or the one the shape had last.
   */
  function keyFor(t, shape, hinted) {
    const system = t.system;
    let site = hinted || sample(system + shape, () => captureSite(keyFor));
    if (!site || site.fromDependency) {
      const asked = hints.askedBy(t.socket);
      if (asked) {
        site = asked;
        if (askedByShape.size >= 2000) askedByShape.clear();
        askedByShape.set(system + shape, asked);
      } else site = askedByShape.get(system + shape) || site;
    }
    const key = system + '\u0000' + shape + '\u0000' + (site ? site.key : '(unknown)');
    if (!siteMeta.has(key) && siteMeta.size < MAX_SITES) {
      const meta = { system, shape, functionName: site ? site.functionName : '(unknown)', url: site ? site.url : '', line: site ? site.line : 0, column: site ? site.column : 0 };
      if (site && site.calledFrom) meta.calledFrom = site.calledFrom;
      if (site && site.via) meta.via = site.via;
      siteMeta.set(key, meta);
    }
    return key;
  }

  function record(entry, now, failed) {
    const ms = now - entry.t0;
    if (entry.tx) {
      entry.tx.queryMs += ms;
      entry.tx.queries++;
      if (entry.endsTx) {
        if (!failed) safe(() => endTransaction(entry.endsTx, now));
        else txWatch.closed(entry.endsTx);
      }
    }
    if (entry.outside) safe(() => txWatch.waitEnds(entry.outside, now));
    // The request that made the query, for its route; one that already answered counts it no more.
    const request = entry.request;
    if (request && typeof request === 'object') {
      const db = request.db || (request.db = {});
      const w = db[entry.system] || (db[entry.system] = { count: 0, totalMs: 0 });
      w.count++;
      w.totalMs += ms;
    }
    const s = sites.get(entry.key) || { count: 0, totalMs: 0, maxMs: 0, minMs: Infinity, errors: 0 };
    s.count++;
    s.totalMs += ms;
    if (failed) s.errors++;
    if (ms > s.maxMs) s.maxMs = ms;
    if (ms < s.minMs) s.minMs = ms;
    sites.set(entry.key, s);
  }

  /** Transactions completed in the window, per the app's line that opened them, with the waits made inside them. */
  function takeTransactions() {
    const out = [];
    for (const [key, s] of transactions) {
      const meta = siteMeta.get(key) || { system: '', functionName: '(unknown)', url: '', line: 0, column: 0 };
      const opener = { system: meta.system, shape: meta.shape, functionName: meta.functionName, url: meta.url, line: meta.line, column: meta.column };
      if (meta.calledFrom) opener.calledFrom = meta.calledFrom;
      if (meta.via) opener.via = meta.via;
      const outside = [...s.outside.values()].sort((a, b) => b.totalMs - a.totalMs).slice(0, 5).map((w) => ({ ...w, totalMs: round(w.totalMs, 3) }));
      out.push({ ...opener, count: s.count, heldMs: round(s.heldMs, 3), maxHeldMs: round(s.maxHeldMs, 3), queryMs: round(s.queryMs, 3), queries: s.queries, outside });
    }
    transactions = new Map();
    return out;
  }

  return {
    /** The window's figures, or undefined when the app has no database connection and never had one. */
    take() {
      if (!systems.size && !notes.length) return undefined;
      const now = performance.now();
      const waiting = new Map();
      for (const t of trackers) for (const e of [...t.queue, ...t.byId.values()]) waiting.set(e.key, (waiting.get(e.key) || 0) + 1);
      const queries = [];
      for (const key of new Set([...sites.keys(), ...waiting.keys()])) {
        const meta = siteMeta.get(key);
        if (!meta) continue;
        const s = sites.get(key) || { count: 0, totalMs: 0, maxMs: 0, minMs: Infinity, errors: 0 };
        const q = { ...meta, count: s.count, totalMs: round(s.totalMs, 3), maxMs: round(s.maxMs, 3), errors: s.errors, inFlight: waiting.get(key) || 0 };
        if (s.count > 0) q.minMs = round(s.minMs, 3);
        if (s.noIndex) q.noIndex = s.noIndex;
        queries.push(q);
      }
      const connections = [];
      const { sizes: poolSizes, settings: poolSettings, madeAt: poolsMadeAt } = safe(() => hints.poolSizes(), { sizes: new Map(), settings: new Map(), madeAt: new Map() });
      const checkouts = safe(() => hints.takeCheckoutWaits(), new Map());
      for (const [system, s] of systems) {
        account(s, now);
        const c = { system, open: s.open, peakOpen: s.peakOpen, peakBusy: s.peakBusy, busyConnMs: round(s.busyConnMs, 3), allBusyMs: round(s.allBusyMs, 3), lost: s.lost };
        if (s.loopbackPorts.size) c.loopbackPorts = [...s.loopbackPorts];
        if (poolSizes.has(system)) {
          c.poolSize = poolSizes.get(system);
          c.poolSettings = poolSettings.get(system);
          const site = poolsMadeAt.get(system);
          if (site) c.poolMadeAt = { functionName: site.functionName, url: site.url, line: site.line, column: site.column, ...(site.calledFrom ? { calledFrom: site.calledFrom } : {}) };
        }
        const w = checkouts.get(system);
        if (w) {
          c.checkouts = w.count;
          c.checkoutWaitMs = round(w.totalMs, 3);
          c.checkoutMaxMs = round(w.maxMs, 3);
        }
        connections.push(c);
        s.lost = 0;
        s.busyConnMs = 0;
        s.allBusyMs = 0;
        s.peakOpen = s.open;
        s.peakBusy = s.busy;
      }
      sites = new Map();
      const out = { queries, connections };
      const txs = safe(() => takeTransactions(), []);
      if (txs.length) out.transactions = txs;
      if (notes.length) out.notes = notes.slice();
      return out;
    },
    stop() {
      stopped = true;
      if (net.Socket.prototype.connect === connect) net.Socket.prototype.connect = originalConnect;
      hints.stop();
      for (const undo of [...restore]) safe(undo);
      trackers.clear();
    },
  };
}

module.exports = { createDbCollector };
