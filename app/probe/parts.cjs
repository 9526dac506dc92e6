'use strict';
// The probe's work, in one place: every part, when it runs in the app (per request, per call, per window, per second,
// once), and the name that leaves it out (CHECKUP_PROBE_WITHOUT=name,name, read by probe.cjs). The instructions
// benchmark (bench/probe-instructions.ts, `npm run bench -- --only instructions --probe-parts`) counts the probe with
// and without each part named here, so a new part is listed here, and measured, before it lands.
//
// when:
//   request  - runs for every request the app serves (the figure that matters most: budget +2 % of a hello-world's)
//   call     - runs for every outbound call or listener added by the app's own code (not for a hello-world request)
//   window   - runs once per sampling window (default 250 ms), whatever the load
//   second   - runs on a timer of its own
//   gc       - runs once per garbage collection (in a hello-world server, one scavenge per ~100 requests)
//   once     - at start-up, at listen, or when the engine asks
//
// A part with `start` is started by probe.cjs from this list: start(context) returns its collector (null when it cannot
// run here), `sample` adds the collector's window to the sample, and the collector's stop() undoes its hooks when the
// probe leaves. context: { performance, send, attached, on(name) (false when that part is left out), part(name) (a
// started part's collector) }. Parts without `start` are the sample itself, or switches read by another part.
const PARTS = [
  {
    name: 'routes', when: 'request',
    work: "two diagnostics-channel messages (http.server.request.start, response.finish), each a message object Node builds only because we subscribe; the record found from one to the other through its connection (a Map entry per connection, set once, and a lookup per request started; none at its finish when it is answered in the turn that started it, the record then at hand; pipelined requests in a Map of their own; requests whose client left and closed connections swept per window), two clock reads (three when the handler goes asynchronous), one Map lookup of the request target, a stats update (no lookup for a run of requests to one route); its in-flight count is other-waits' too",
    start: (c) => require('./routes.cjs').createRouteCollector(c.performance, { turnEnd: c.on('tick') }),
    sample: (s, routes) => addList(s, 'routes', routes.take()),
  },
  { name: 'tick', when: 'request', work: "one promise reaction per turn that started requests: the end of the handlers' synchronous part (part of routes)" },
  {
    name: 'error-sites', when: 'call',
    work: "per error a framework turns into an error answer (express's router layer, koa's app.emit('error'), restify's handler error, fastify's handleError, wrapped as their files load: one test of its path's end per .js file Node loads): a WeakSet check, the route, a map update, the error's stack read for a route's first 8 errors per window then 1 in 16; nothing per successful request. Answers the app writes itself: once the routes part has seen a 5xx or 429 answer, ServerResponse's writeHead wrapped: a status test per response from then on, and per such answer the route, a map update and the stack read as an error's",
    start: (c) => require('./error-sites.cjs').createErrorSiteCollector({ routeOf: c.part('routes') ? c.part('routes').routeOf : null, armAnswers: c.part('routes') ? (arm) => c.part('routes').onErrorAnswers(arm) : null }),
    sample: (s, sites) => addList(s, 'errorSites', sites.take()),
  },
  {
    name: 'listeners', when: 'request',
    work: "EventEmitter.prototype.on/addListener/prependListener wrapped: a call through the wrapper and three property reads (the emitter's listener list for that event) per listener added; an http request adds three (res 'finish', the socket's 'close' while it is assigned, req 'end'), any other listener the app adds pays the same",
    start: (c) => require('./listeners.cjs').createListenerTracker({ eventTargets: c.on('event-targets') }),
    sample: (s, listeners) => addList(s, 'listeners', listeners.take()),
  },
  { name: 'event-targets', when: 'call', work: 'EventTarget.prototype.addEventListener wrapped: a WeakMap and Map update per listener added (part of listeners)' },
  {
    name: 'io', when: 'call',
    work: 'per outbound http request or fetch: a stack walk for the call site (cached per call site), diagnostics-channel messages',
    start: (c) => require('./io-wait.cjs').createIoCollector(c.performance),
    sample: (s, io) => (s.io = io.take()),
  },
  {
    name: 'other-waits', when: 'call',
    work: "per request nothing of its own (the routes part's in-flight count; its own two diagnostics-channel subscriptions only when routes is left out); while one is served, per DNS lookup, asynchronous fs call and setTimeout: a wrapped callback or promise, a stack walk for a method's first 8 calls then 1 in 16, a map update when it answers or fires",
    start: (c) => require('./other-waits.cjs').createOtherWaitCollector(c.performance, c.part('routes')),
    sample: (s, waits) => (s.otherWaits = waits.take()),
  },
  {
    name: 'pool-calls', when: 'call',
    work: 'crypto scrypt/pbkdf2/hkdf/generateKeyPair/generatePrime and zlib one-shot calls wrapped: a short stack capture per call, a map update at its callback; process.dlopen wrapped (once per native addon; the bcrypt binding: compare, encrypt, gen_salt wrapped as it loads, the same cost per call)',
    start: () => require('./pool-calls.cjs').createPoolCallCollector(),
    sample: (s, pool) => {
      const { calls, addons } = pool.take();
      addList(s, 'poolCalls', calls);
      addList(s, 'addons', addons);
    },
  },
  {
    name: 'db', when: 'call',
    work: "per client socket: its first bytes checked for a database protocol; per query on a database socket: the wire read (MySQL: the answer's packet headers up to the one with its status flags), the shape (cached per text), a stack read for a shape's first 8 runs then 1 in 16; per call the app makes into Sequelize (a model's find, create, update..., sequelize.query) or knex (a builder or raw made): a 12-frame stack capture, not formatted unless read, and an AsyncLocalStorage run (db-hints.cjs ORM_ENTRIES); per .js file Node loads: one test of its path's end; per database pool made (pg, mysql2, mysql, Sequelize's, knex's): a 40-frame stack read (pool-made.cjs)",
    start: (c) => require('./db-wait.cjs').createDbCollector(c.performance),
    sample: (s, db) => {
      const waits = db.take();
      if (waits) s.db = waits;
    },
  },
  {
    name: 'transactions', when: 'call',
    work: "per query on a database socket: two regular-expression tests of its shape (BEGIN / COMMIT); per DNS lookup, fs call, timer, threadpool call, outbound request and query made while serving: one AsyncLocalStorage lookup (once the app has a database connection); inside a request that holds a transaction open, a stack walk per such wait and a map update when it ends (tx-watch.cjs; part of db)",
  },
  { name: 'request-context', when: 'request', work: "once the app has a database connection: an AsyncLocalStorage store entered per request (V8's promise hooks on Node 20 and 22), a per-system sum per query (part of db; its switch read in request-context.cjs)" },
  {
    name: 'route-tables', when: 'once',
    work: 'the framework route table read a turn after each listen, and when the engine asks',
    start: (c) => c.part('routes') && require('./route-reports.cjs').createRouteReports(c.send, c.part('routes')),
  },
  {
    name: 'inspector', when: 'once',
    work: 'the inspector opened on 127.0.0.1 (no session until the engine attaches one)',
    start: (c) => {
      c.send(require('./inspector.cjs').openInspector(c.attached));
      return null;
    },
  },
  {
    name: 'cpu-wait', when: 'window',
    work: 'one pread of /proc/<pid>/task/<pid>/schedstat, the file kept open (Linux; proc-files.cjs)',
    start: () => require('./samplers.cjs').createCpuWaitReader(),
    sample: (s, cpuWait) => {
      const ms = cpuWait.take();
      if (ms !== undefined) s.cpuWaitMs = ms;
    },
  },
  {
    name: 'thread-cpu', when: 'second',
    work: 'one readdir of /proc/self/task, one pread per thread of its schedstat (kept open, closed when the thread goes; proc-files.cjs), comm read once per new thread (Linux)',
    start: () => require('./thread-cpu.cjs').createThreadCpuReader(),
    sample: (s, threadCpu) => {
      const threads = threadCpu.take();
      if (threads) s.threads = threads;
    },
  },
  {
    name: 'gc', when: 'gc',
    work: "a PerformanceObserver on 'gc' entries (the window's GC totals and pauses): per collection Node builds the entry in JavaScript, and on Node 20-24 wraps its deprecated kind/flags fields (DEP0152) in four deprecate() calls with a SafeMap, ~100k instructions per collection, ~1.3k per hello-world request at one scavenge per ~100 requests (callgrind, docs/measured.md); then an immediate runs our callback",
    start: () => {
      const { PerformanceObserver, constants } = require('perf_hooks');
      return require('./samplers.cjs').createGcCollector(PerformanceObserver, constants);
    },
    sample: (s, gc) => (s.gc = gc.take()),
  },
  { name: 'window', when: 'window', work: "clock, ELU, CPU usage, memory, handles, event-loop delay percentiles (no mean: it walks every bucket) and the histogram's reset (a memset of its ~400 KiB of buckets, 10-48 µs natively), one JSON line" },
  { name: 'delay', when: 'second', work: "monitorEventLoopDelay's 10 ms timer (in Node's C++, no JavaScript)" },
];

function addList(sample, key, list) {
  if (list && list.length) sample[key] = list;
}

/** The parts that can be left out for a measurement (window and delay are the sample itself). */
const SWITCHABLE = PARTS.filter((p) => p.name !== 'window' && p.name !== 'delay').map((p) => p.name);

module.exports = { PARTS, SWITCHABLE };
