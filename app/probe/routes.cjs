'use strict';
// Requests the app served per route, from its own side: how long each took from the server's 'request' to the
// response's finish, and how long its handler held the event loop before giving it back.
const { round, safe } = require('./util.cjs');
const requestContext = require('./request-context.cjs');

const MAX_ROUTES = 100;
const MAX_ROUTE_CHARS = 200;
/** Paths already normalised, so that a request for a known path costs one lookup (cleared when full). */
const MAX_CACHED_PATHS = 1000;
const MAX_CACHED_PATH_CHARS = 256;
const OTHER = '(other)';
/** A path segment that names one record rather than a route: a number, a UUID, or a hex string of 12+ characters. */
const ID_SEGMENT = /^(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{12,})$/i;

/**
 * Per (method, route) in each window: count, totalMs, maxMs, syncMs, syncMaxMs, errors (status >= 400), through the
 * http server's diagnostics channels (Node 18.17+/20+; without them nothing is reported). Requests are remembered by
 * their connection, never by a property on the app's req/res/socket (that would change their shape and slow every
 * request): a Map from each socket to a slot holding the request it is serving, set once per connection, so that a
 * kept-alive connection's requests cost a lookup each and no Map entry is added or removed per request (a Map set and
 * delete per request cost ~600 instructions with its rehashing and shrinking; a WeakMap's, ~1,000). A request started
 * while the one before it on its connection is still being answered (pipelining) waits in a Map of its own. A request
 * whose response never finishes (the client went away) and the slots of closed connections are let go by the
 * window's sweep. The count of requests in flight is offered to other parts (other-waits.cjs), so that the server's
 * channels are subscribed to once.
 */
function createRouteCollector(performance, options) {
  const turnEnd = !options || options.turnEnd !== false;
  const dc = require('diagnostics_channel');
  // socket -> { timing }: the timing record ({ req, t0, syncMs, db, waits, res, socket }) of the request the connection
  // is serving, null between requests; pipelined: req -> timing for a request started while its connection's
  // previous one was still in flight.
  let bySocket = new Map();
  let pipelined = new Map();
  let inFlight = 0;
  // method -> route -> stats: no key string built per request.
  let byMethod = new Map();
  let routeCount = 0;
  const normalised = new Map();
  // The registered routes' matcher (route-patterns.cjs) once the table is known; until then, and for plain http, the
  // id-segment guess.
  let matchPattern = null;
  let current = null;
  let turnEndScheduled = false;
  // Told once, at the first answer of 5xx or 429 (error-sites.cjs then finds where the app writes them).
  let onErrorAnswer = null;
  const unsubscribers = [];

  subscribe('http.server.request.start', onRequestStart);
  subscribe('http.server.response.finish', onResponseFinish);

  function subscribe(name, fn) {
    try {
      if (typeof dc.subscribe === 'function') {
        dc.subscribe(name, fn);
        unsubscribers.push(() => dc.unsubscribe(name, fn));
      } else {
        const channel = dc.channel(name); // kept referenced by the closure: old Node collected unreferenced channels
        channel.subscribe(fn);
        unsubscribers.push(() => channel.unsubscribe(fn));
      }
    } catch {
      // channel unsupported on this Node
    }
  }

  /**
   * The server publishes request.start just before it emits 'request', and the handler runs synchronously inside
   * that emit. When the callback that parsed the request returns, Node drains the tick queue and then the microtask
   * queue, before the loop polls again; ours is queued before any of the handler's: the time to it is the handler's
   * synchronous part (with any process.nextTick work it queued), the time it kept every other request waiting.
   * A promise reaction rather than process.nextTick: with no tick queued, Node runs the microtasks from C++ without
   * calling into its JavaScript tick handler. (Two ticks, the second queued behind the handler's, were measured
   * instead on 2026-11-29: no cheaper, ~+100 instructions per request against the reaction's ~700; docs/measured.md.)
   */
  // Node's own Promise and then, taken at load: an app that replaces or patches them later does not see our calls.
  const settled = Promise.resolve();
  const then = Promise.prototype.then;

  function onRequestStart(message) {
    const req = message && message.request;
    if (!req || typeof req !== 'object') return;
    const now = performance.now();
    // Requests pipelined on one connection are parsed in one run, in the same turn: the previous one's synchronous
    // part ended where this one's begins.
    if (current) endSyncPart(now);
    const socket = message.socket || req.socket;
    current = { req, t0: now, syncMs: 0, db: null, waits: null, res: message.response, socket, slot: null };
    const slot = socket && typeof socket === 'object' ? bySocket.get(socket) : null;
    if (slot === undefined) bySocket.set(socket, (current.slot = { timing: current }));
    else if (slot !== null && slot.timing === null) (current.slot = slot).timing = current;
    else pipelined.set(req, current);
    inFlight++;
    // The database waits this request makes are added to its record (db: system -> { count, totalMs }); on only once
    // the app has a database connection (request-context.cjs).
    requestContext.enter(current);
    if (turnEnd && !turnEndScheduled) {
      turnEndScheduled = true;
      then.call(settled, endTurn);
    }
  }

  function endTurn() {
    turnEndScheduled = false;
    if (current) endSyncPart(performance.now());
  }

  function endSyncPart(now) {
    current.syncMs = now - current.t0;
    current = null;
  }

  function onResponseFinish(message) {
    const req = message && message.request;
    if (!req) return;
    let timing;
    if (current !== null && current.req === req) {
      // Answered in the turn that started it (a synchronous handler): its record is at hand, no lookup.
      timing = current;
      if (timing.slot !== null) timing.slot.timing = null;
      else pipelined.delete(req);
    } else timing = recordOf(message, req);
    if (timing === undefined) return;
    inFlight--;
    const now = performance.now();
    if (timing === current) endSyncPart(now);
    try {
      const res = message.response;
      // Node's parser knows methods in upper case only: req.method is one of its constants.
      const method = typeof req.method === 'string' ? req.method : 'GET';
      const failed = res.statusCode >= 400;
      add(method, routeOf(req), now - timing.t0, timing.syncMs, failed, timing.db, timing.waits);
      if (failed && onErrorAnswer !== null && (res.statusCode >= 500 || res.statusCode === 429)) {
        const told = onErrorAnswer;
        onErrorAnswer = null;
        safe(told);
      }
    } catch {
      // a request object of an unusual shape: not counted
    }
  }

  /** A request answered in a later turn: its record, through its connection (or the pipelined Map), let go. */
  function recordOf(message, req) {
    const socket = message.socket || req.socket;
    const slot = socket && typeof socket === 'object' ? bySocket.get(socket) : undefined;
    if (slot !== undefined && slot.timing !== null && slot.timing.req === req) {
      const timing = slot.timing;
      slot.timing = null;
      return timing;
    }
    const timing = pipelined.get(req);
    if (timing !== undefined) pipelined.delete(req);
    return timing;
  }

  /**
   * The framework's route pattern where it tells (express, restify), else the registered route the path matches
   * (fastify, koa), else the normalised URL path.
   */
  function routeOf(req) {
    const pattern = frameworkPattern(req);
    if (pattern) return pattern.length > MAX_ROUTE_CHARS ? pattern.slice(0, MAX_ROUTE_CHARS) : pattern;
    // express rewrites req.url inside mounted routers; originalUrl is the request's own.
    // String() only where the target is not already one (Node's is: no conversion per request).
    const url = typeof req.originalUrl === 'string' ? req.originalUrl : typeof req.url === 'string' && req.url !== '' ? req.url : String(req.url || '/');
    // A target without a query is cached as it comes (one lookup, no scan for '?' and '#').
    let route = normalised.get(url);
    if (route !== undefined) return route;
    const path = pathOf(url);
    route = normalised.get(path);
    if (route === undefined) {
      route = (matchPattern && matchPattern(path)) || normalisePath(path);
      if (normalised.size >= MAX_CACHED_PATHS) normalised.clear();
      if (path.length <= MAX_CACHED_PATH_CHARS) normalised.set(path, route);
    }
    return route;
  }

  /**
   * Requests whose response will never finish (the client closed the connection first) are let go at the end of
   * a window, as a WeakMap would let them go at the next GC; any other, however long, stays. So are the slots of
   * closed connections.
   */
  function sweep() {
    for (const [socket, slot] of bySocket) {
      const timing = slot.timing;
      if (timing !== null && gone(timing)) {
        slot.timing = null;
        forget(timing);
      }
      if (slot.timing === null && socket.destroyed === true) bySocket.delete(socket);
    }
    for (const [req, timing] of pipelined) {
      if (gone(timing)) {
        pipelined.delete(req);
        forget(timing);
      }
    }
  }

  // Not the request's own `destroyed`: Node destroys a request whose body was read to its end (autoDestroy) while its
  // answer is still being made, and a login or a POST answered after the window would be lost. A client that left
  // destroys the socket, and the response with it.
  function gone(timing) {
    const { res, socket } = timing;
    if (!((res && res.destroyed === true) || (socket && socket.destroyed === true))) return false;
    return !(res && res.writableFinished === true); // finished: its 'finish' is on its way
  }

  function forget(timing) {
    inFlight--;
    if (timing === current) current = null;
  }

  // The stats of the last request's (method, route): a run of requests to one route skips both lookups.
  let last = null;

  // db and waits: the request's own sums by database system and by kind of other wait (request-context.cjs).
  function add(method, route, ms, syncMs, failed, db, waits) {
    const s = last !== null && last.route === route && last.method === method ? last : statsOf(method, route);
    last = s.route === route ? s : null;
    s.count++;
    s.totalMs += ms;
    if (ms > s.maxMs) s.maxMs = ms;
    s.syncMs += syncMs;
    if (syncMs > s.syncMaxMs) s.syncMaxMs = syncMs;
    if (failed) s.errors++;
    if (db) {
      if (!s.db) s.db = new Map();
      for (const system in db) {
        const w = s.db.get(system) || { system, count: 0, totalMs: 0 };
        w.count += db[system].count;
        w.totalMs += db[system].totalMs;
        s.db.set(system, w);
      }
    }
    if (waits) {
      if (!s.waits) s.waits = new Map();
      for (const kind in waits) {
        const w = s.waits.get(kind) || { kind, count: 0, totalMs: 0 };
        w.count += waits[kind].count;
        w.totalMs += waits[kind].totalMs;
        s.waits.set(kind, w);
      }
    }
  }

  function statsOf(method, route) {
    let routes = byMethod.get(method);
    if (!routes) byMethod.set(method, (routes = new Map()));
    let s = routes.get(route);
    if (!s && routeCount >= MAX_ROUTES) {
      route = OTHER;
      s = routes.get(route);
    }
    if (!s) {
      s = { method, route, count: 0, totalMs: 0, maxMs: 0, syncMs: 0, syncMaxMs: 0, errors: 0 };
      routes.set(route, s);
      if (route !== OTHER) routeCount++;
    }
    return s;
  }

  return {
    take() {
      const out = [];
      for (const routes of byMethod.values()) {
        for (const s of routes.values()) {
          const r = { method: s.method, route: s.route, count: s.count, totalMs: round(s.totalMs, 3), maxMs: round(s.maxMs, 3), syncMs: round(s.syncMs, 3), syncMaxMs: round(s.syncMaxMs, 3), errors: s.errors };
          if (s.db) r.db = [...s.db.values()].map((w) => ({ system: w.system, count: w.count, totalMs: round(w.totalMs, 3) }));
          if (s.waits) r.waits = [...s.waits.values()].map((w) => ({ kind: w.kind, count: w.count, totalMs: round(w.totalMs, 3) }));
          out.push(r);
        }
      }
      byMethod = new Map();
      routeCount = 0;
      last = null;
      sweep();
      return out;
    },
    /** How many requests are being served (started, their responses not yet finished). */
    inFlight() {
      return inFlight;
    },
    /** The route a request is filed under when it finishes (error-sites.cjs files its errors under the same one). */
    routeOf,
    /** `fn` is called once, at the first 5xx or 429 answer's finish (a successful request pays nothing). */
    onErrorAnswers(fn) {
      onErrorAnswer = typeof fn === 'function' ? fn : null;
    },
    /** The framework's route table was read (route-table.cjs): group by its patterns from now on. */
    usePatterns(match) {
      matchPattern = match;
      normalised.clear();
    },
    stop() {
      for (const unsubscribe of unsubscribers) safe(unsubscribe);
      bySocket = new Map();
      pipelined = new Map();
      inFlight = 0;
      safe(() => requestContext.disable());
    },
  };
}

/**
 * express sets req.route to the matched Route ({ path, stack, methods }) and req.baseUrl to the mount path of its
 * router; restify sets req.route to { name, method, path, spec, chain }. A path may be a RegExp or an array (express).
 */
function frameworkPattern(req) {
  const route = req.route;
  if (!route || typeof route !== 'object') return '';
  const path = route.path;
  const base = typeof req.baseUrl === 'string' ? req.baseUrl : '';
  if (typeof path === 'string') return base + path;
  if (path instanceof RegExp) return base + String(path);
  if (Array.isArray(path)) return base + path.map(String).join(',');
  return '';
}

/** The request target without its query or fragment. */
function pathOf(url) {
  const query = url.indexOf('?');
  const hash = url.indexOf('#');
  const end = query < 0 ? hash : hash < 0 ? query : Math.min(query, hash);
  return end < 0 ? url : url.slice(0, end);
}

/** Record ids in a path written `:id`: /items/123 -> /items/:id. */
function normalisePath(path) {
  // A proxy-style request target (GET http://host/path) names the host too: keep the path only.
  if (!path.startsWith('/')) path = path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '') || '/';
  const segments = path.split('/');
  for (let i = 0; i < segments.length; i++) if (ID_SEGMENT.test(segments[i])) segments[i] = ':id';
  return segments.join('/').slice(0, MAX_ROUTE_CHARS);
}

module.exports = { createRouteCollector };
