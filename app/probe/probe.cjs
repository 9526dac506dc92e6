'use strict';
// Checkup's probe. Preloaded into the target with NODE_OPTIONS="--require <this file>" and run by the user's own
// Node (18 or newer), so it is one self-contained CommonJS file with no dependencies. It reports over a side channel
// (a Unix socket / Windows named pipe the engine listens on), never on stdout, as newline-delimited JSON:
//   hello, inspector, listening, listen-error, sample (ProbeSample in app/contract/metrics.ts), warning, probe-error.
// The engine may send back: welcome { pgid } (the launched process group) and bye (it is shutting us down).
// Rules: never throw into the app, never keep it alive (every handle unref'd), never write to its stdio.

// Everything lives inside one function scope: nothing leaks into the app's module scope.
(function probeModule() {
  const PROBE_VERSION = 1;

  (function checkupProbe() {
    const env = process.env;
    const channelPath = env.CHECKUP_PROBE_CHANNEL;
    if (!channelPath) return;
    if (global[Symbol.for('checkup.probe')]) return;
    try {
      if (!require('worker_threads').isMainThread) return;
    } catch {
      // no worker_threads: a main thread by definition
    }
    if (isLauncher(process.argv[1])) return;
    global[Symbol.for('checkup.probe')] = true;
    try {
      activate(channelPath);
    } catch (err) {
      // A bug here must never take the app down; the engine then sees no hello and says so.
      void err;
    }
  })();

  /**
   * npm, npx, yarn, pnpm and corepack (and env-setting shims such as cross-env) are node processes that start the
   * real app as a child: the probe stays dormant in them so it activates in the app itself. argv[1] tells; it is an
   * absolute path, possibly a node_modules/.bin symlink, so both the file name and the package folder are checked.
   */
  function isLauncher(script) {
    if (!script) return false;
    const path = String(script).replace(/\\/g, '/');
    const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.(c|m)?js$/, '');
    if (/^(npm-cli|npx-cli|npm|npx|yarn|yarnpkg|pnpm|pnpx|corepack|cross-env|cross-env-shell)$/.test(base)) return true;
    return /\/node_modules\/(npm|yarn|pnpm|corepack|cross-env|@yarnpkg\/cli-dist)\//.test(path);
  }

  function activate(channelPath) {
    const net = require('net');
    const { performance, monitorEventLoopDelay, PerformanceObserver, constants } = require('perf_hooks');
    const env = process.env;
    const intervalMs = clampInt(env.CHECKUP_PROBE_INTERVAL_MS, 50, 60000, 250);
    const token = env.CHECKUP_PROBE_TOKEN || '';

    // Children of the app are not probed: take our --require back out of NODE_OPTIONS and forget the channel.
    const fragment = env.CHECKUP_PROBE_REQUIRE;
    if (fragment && typeof env.NODE_OPTIONS === 'string') {
      const rest = env.NODE_OPTIONS.split(fragment).join(' ').replace(/\s+/g, ' ').trim();
      if (rest) env.NODE_OPTIONS = rest;
      else delete env.NODE_OPTIONS;
    }
    for (const key of Object.keys(env)) if (key.startsWith('CHECKUP_PROBE_')) delete env[key];

    // ---- side channel -------------------------------------------------------------------------------------------
    const MAX_PENDING_BYTES = 4 * 1024 * 1024;
    let byeReceived = false;
    let pgid = 0;
    let inbox = '';
    const socket = net.connect(channelPath);
    socket.unref();
    socket.setEncoding('utf8');
    // Lines sent before the connection is up. An app that dies in its first tick (EADDRINUSE without a handler, a
    // throw at load time) exits before the loop ever completes our connect, so on exit these are relayed.
    let backlog = [];
    let connectFailed = false;
    socket.on('connect', () => {
      backlog = null;
    });
    socket.on('error', () => {
      if (backlog) connectFailed = true;
    }); // 'close' follows and decides
    process.on('exit', () => {
      if (backlog && backlog.length && !connectFailed) relaySync(channelPath, backlog.join(''));
    });
    socket.on('data', (chunk) => {
      inbox += chunk;
      let nl;
      while ((nl = inbox.indexOf('\n')) >= 0) {
        const line = inbox.slice(0, nl);
        inbox = inbox.slice(nl + 1);
        let msg;
        try {
          msg = JSON.parse(line);
        } catch {
          continue;
        }
        if (msg && msg.type === 'welcome' && Number.isInteger(msg.pgid)) pgid = msg.pgid;
        else if (msg && msg.type === 'bye') byeReceived = true;
      }
      if (inbox.length > 65536) inbox = '';
    });
    socket.on('close', () => {
      stopSampling();
      if (byeReceived) return;
      removeDeadChannel(channelPath);
      shutDownOrphan(pgid);
    });

    function send(message) {
      if (socket.destroyed) return;
      // If the engine stops reading we drop data rather than grow the app's memory.
      if (socket.writableLength > MAX_PENDING_BYTES) return;
      let line;
      try {
        line = JSON.stringify(message) + '\n';
      } catch {
        return; // a value we cannot serialise: drop it
      }
      if (backlog && backlog.length < 100) backlog.push(line);
      socket.write(line);
    }

    send({
      type: 'hello',
      token,
      probeVersion: PROBE_VERSION,
      pid: process.pid,
      ppid: process.ppid,
      argv: process.argv,
      execArgv: process.execArgv,
      nodeVersion: process.version,
      platform: process.platform,
      arch: process.arch,
      cwd: safe(() => process.cwd(), ''),
      timeOrigin: performance.timeOrigin,
    });

    // ---- inspector ----------------------------------------------------------------------------------------------
    send(openInspector());

    // ---- listening port -----------------------------------------------------------------------------------------
    watchListen(net, performance, send);

    // ---- warnings -----------------------------------------------------------------------------------------------
    let warningsThisWindow = 0;
    process.on('warning', (warning) => {
      if (++warningsThisWindow > 50) return;
      try {
        send({ type: 'warning', warning: describeWarning(warning) });
      } catch {
        // ignore a warning we cannot describe
      }
    });

    // ---- sampling -----------------------------------------------------------------------------------------------
    const gc = createGcCollector(PerformanceObserver, constants);
    const io = createIoCollector(performance);
    const RESOLUTION_MS = 10;
    const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    delay.enable();
    let lastAt = performance.now();
    let lastElu = performance.eventLoopUtilization();
    let lastCpu = process.cpuUsage();

    const timer = setInterval(() => {
      try {
        takeSample();
      } catch (err) {
        send({ type: 'probe-error', message: 'sample failed: ' + (err && err.message) });
      }
    }, intervalMs);
    timer.unref();

    function takeSample() {
      const now = performance.now();
      const windowMs = now - lastAt;
      lastAt = now;
      const elu = performance.eventLoopUtilization();
      const utilisation = performance.eventLoopUtilization(elu, lastElu).utilization;
      lastElu = elu;
      const cpuNow = process.cpuUsage();
      const cpu = { user: cpuNow.user - lastCpu.user, system: cpuNow.system - lastCpu.system };
      lastCpu = cpuNow;
      const wallUs = Math.max(1, windowMs * 1000);
      const delayStats = readDelay(delay, RESOLUTION_MS);
      delay.reset();
      warningsThisWindow = 0;
      send({
        type: 'sample',
        sample: {
          ts: Date.now(),
          windowMs: round(windowMs),
          delay: delayStats,
          elu: round(clamp01(utilisation), 4),
          cpu: { user: round(cpu.user / wallUs, 4), system: round(cpu.system / wallUs, 4) },
          memory: readMemory(),
          handles: countHandles(socket.destroyed ? 0 : 1),
          gc: gc.take(),
          io: io.take(),
        },
      });
    }

    function stopSampling() {
      clearInterval(timer);
      safe(() => delay.disable());
      gc.stop();
    }
  }

  /**
   * The engine died (the channel closed without a bye). We launched this app, so it must not outlive the engine:
   * SIGTERM the whole process group the engine created (npm, shell and app alike), then SIGKILL after a grace period.
   * The timer is unref'd: an app that exits on SIGTERM is not held up by it.
   */
  function shutDownOrphan(pgid) {
    const target = pgid > 0 && process.platform !== 'win32' ? -pgid : process.pid;
    try {
      process.kill(target, 'SIGTERM');
    } catch {
      safe(() => process.kill(process.pid, 'SIGTERM'));
    }
    setTimeout(() => {
      safe(() => process.kill(target, 'SIGKILL'));
      safe(() => process.kill(process.pid, 'SIGKILL'));
    }, 3000).unref();
  }

  /** The engine that owned the socket is gone and cannot remove it: tidy its private folder (and nothing else). */
  function removeDeadChannel(channelPath) {
    if (process.platform === 'win32' || !/[\\/]checkup-[^\\/]+[\\/]probe\.sock$/.test(channelPath)) return;
    const fs = require('fs');
    const path = require('path');
    safe(() => fs.unlinkSync(channelPath));
    safe(() => fs.rmdirSync(path.dirname(channelPath)));
  }

  /**
   * Deliver lines synchronously from an 'exit' handler: a short-lived node (not probed: our NODE_OPTIONS entry and
   * settings are already gone from the environment) connects and writes them. Costs ~50 ms, only for an app that
   * exits before its first event-loop turn.
   */
  function relaySync(channelPath, data) {
    const relay = "const s=require('net').connect(process.argv[1]);s.on('error',()=>process.exit(0));" +
      "let d='';process.stdin.setEncoding('utf8').on('data',(c)=>{d+=c}).on('end',()=>s.end(d,()=>process.exit(0)));";
    safe(() => require('child_process').spawnSync(process.execPath, ['-e', relay, channelPath], { input: data, stdio: ['pipe', 'ignore', 'ignore'], timeout: 3000, windowsHide: true }));
  }

  function openInspector() {
    let inspector;
    try {
      inspector = require('inspector');
    } catch (err) {
      return { type: 'inspector', error: 'inspector not available: ' + (err && err.message) };
    }
    try {
      if (!inspector.url()) inspector.open(0, '127.0.0.1', false);
    } catch (err) {
      if (!inspector.url()) return { type: 'inspector', error: String(err && err.message) };
    }
    const url = inspector.url();
    if (!url) return { type: 'inspector', error: 'the inspector did not start' };
    // A process that is exiting (an uncaught exception, process.exit) with an inspector client attached waits for
    // that client to disconnect ("Waiting for the debugger to disconnect..."): our profiler session would keep a
    // crashed app alive. Closing the inspector on exit lets it die as it would without us.
    process.on('exit', () => safe(() => inspector.close()));
    // We open it on 127.0.0.1 ourselves; an inspector the user already opened elsewhere is reported, not used.
    const host = safe(() => new URL(url).hostname, '');
    if (host !== '127.0.0.1') return { type: 'inspector', error: 'the inspector listens on ' + host + ', not on 127.0.0.1' };
    return { type: 'inspector', url };
  }

  /**
   * Every TCP server's address on 'listening', and its listen errors (EADDRINUSE), through listeners added for the
   * time of one listen() and removed again. Nothing is set on the server object itself: adding and deleting an own
   * property (say, a wrapped emit) turns it into a slow dictionary-mode object, and the http server reads its own
   * properties on every request (measured: ~9 % more CPU per request on a hello-world server).
   */
  function watchListen(net, performance, send) {
    const originalListen = net.Server.prototype.listen;
    const watching = new WeakSet();
    net.Server.prototype.listen = function listen() {
      watchServer(this);
      return originalListen.apply(this, arguments);
    };

    function watchServer(server) {
      if (watching.has(server)) return;
      try {
        watching.add(server);
        const done = () => {
          watching.delete(server);
          server.removeListener('listening', onListening);
          server.removeListener('error', onError);
        };
        const onListening = () => {
          done();
          safe(() => reportListening(server));
        };
        const onError = (err) => {
          done();
          safe(() => reportListenError(err));
          // Our listener must not turn an unhandled error into a handled one: with nobody else listening, emit it
          // again now that we are gone, so Node throws it exactly as it would have ("Unhandled 'error' event").
          if (server.listenerCount('error') === 0) server.emit('error', err);
        };
        server.on('listening', onListening);
        // First in line: an app's own handler may exit the process before we would hear of the error.
        server.prependListener('error', onError);
      } catch {
        // fall through to the real listen
      }
    }

    function reportListening(server) {
      const addr = server.address();
      if (!addr || typeof addr !== 'object' || typeof addr.port !== 'number') return; // pipes are not ports
      send({ type: 'listening', address: addr.address, family: String(addr.family), port: addr.port, startupMs: round(performance.now()) });
    }

    function reportListenError(err) {
      if (!err) return;
      send({ type: 'listen-error', code: String(err.code || ''), port: typeof err.port === 'number' ? err.port : undefined, address: err.address, message: String(err.message) });
    }
  }

  function describeWarning(w) {
    const out = { ts: Date.now(), name: String(w && w.name), message: String(w && w.message) };
    if (w && w.name === 'MaxListenersExceededWarning') {
      const emitter = w.emitter;
      out.emitter = emitter && emitter.constructor && emitter.constructor.name ? String(emitter.constructor.name) : typeof emitter;
      if (w.type !== undefined) out.event = String(w.type);
      if (typeof w.count === 'number') out.count = w.count;
    }
    if (w && typeof w.stack === 'string') out.stack = w.stack.slice(0, 4000);
    return out;
  }

  /**
   * monitorEventLoopDelay records the time between its 10 ms ticks, so an idle loop reads ~10 ms. We report lateness:
   * the tick interval minus the resolution, floored at 0, so an idle loop reads ~0 and a 200 ms block reads ~200.
   * Known limit: reset() also forgets the previous tick's time, so the first interval after each window start is not
   * recorded (about one tick in windowMs/10); a block that spans exactly that interval is missed in its window.
   */
  function readDelay(h, resolutionMs) {
    const count = typeof h.count === 'number' ? h.count : h.min < 9e18 ? 1 : 0;
    if (!count || !(h.max > 0)) return { min: 0, mean: 0, p50: 0, p90: 0, p99: 0, max: 0 };
    const ms = (ns) => round(Math.max(0, ns / 1e6 - resolutionMs), 3);
    return { min: ms(h.min), mean: ms(h.mean), p50: ms(h.percentile(50)), p90: ms(h.percentile(90)), p99: ms(h.percentile(99)), max: ms(h.max) };
  }

  function readMemory() {
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers || 0 };
  }

  /** Active handles and requests by type, minus the probe's own channel socket. */
  function countHandles(ownPipes) {
    const counts = {};
    let names;
    if (typeof process.getActiveResourcesInfo === 'function') {
      names = process.getActiveResourcesInfo();
    } else {
      const handles = typeof process._getActiveHandles === 'function' ? process._getActiveHandles() : [];
      const requests = typeof process._getActiveRequests === 'function' ? process._getActiveRequests() : [];
      names = handles.concat(requests).map((h) => (h && h.constructor && h.constructor.name) || 'Unknown');
    }
    for (const name of names) counts[name] = (counts[name] || 0) + 1;
    // The channel is a PipeWrap both on Unix sockets and on Windows named pipes.
    if (ownPipes && counts.PipeWrap) {
      counts.PipeWrap -= ownPipes;
      if (counts.PipeWrap <= 0) delete counts.PipeWrap;
    }
    return counts;
  }

  /** GC pauses aggregated per window; individual pauses kept up to a cap (totals count all). No I/O per GC event. */
  function createGcCollector(PerformanceObserver, constants) {
    const MAX_PAUSES = 200;
    const kinds = {};
    kinds[constants.NODE_PERFORMANCE_GC_MINOR] = 'minor';
    kinds[constants.NODE_PERFORMANCE_GC_MAJOR] = 'major';
    kinds[constants.NODE_PERFORMANCE_GC_INCREMENTAL] = 'incremental';
    kinds[constants.NODE_PERFORMANCE_GC_WEAKCB] = 'weakcb';
    let window = fresh();
    let observer = null;
    try {
      observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const code = entry.detail && entry.detail.kind !== undefined ? entry.detail.kind : entry.kind;
          const kind = kinds[code] || 'other';
          const d = entry.duration;
          window.count++;
          window.totalMs += d;
          if (d > window.maxMs) window.maxMs = d;
          const k = window.byKind[kind] || (window.byKind[kind] = { count: 0, totalMs: 0 });
          k.count++;
          k.totalMs += d;
          if (window.pauses.length < MAX_PAUSES) window.pauses.push({ kind, startMs: round(entry.startTime, 3), durationMs: round(d, 3) });
        }
      });
      observer.observe({ entryTypes: ['gc'] });
    } catch {
      observer = null;
    }
    function fresh() {
      return { count: 0, totalMs: 0, maxMs: 0, byKind: {}, pauses: [] };
    }
    return {
      take() {
        const w = window;
        window = fresh();
        w.totalMs = round(w.totalMs, 3);
        w.maxMs = round(w.maxMs, 3);
        for (const k of Object.keys(w.byKind)) w.byKind[k].totalMs = round(w.byKind[k].totalMs, 3);
        return w;
      },
      stop() {
        if (observer) safe(() => observer.disconnect());
      },
    };
  }

  /**
   * Outbound I/O wait per call site: from the moment a request is made until its response headers arrive (or it
   * fails / closes). A site's count, totalMs and maxMs cover requests that completed in the window; inFlight counts
   * those still waiting at its end.
   *
   * The caller frame must come from a synchronous stack. Node's `http.client.request.start` fires later (from the
   * socket callback), so on Node versions without `http.client.request.created` the stack is taken in
   * http.Agent.prototype.addRequest, which ClientRequest calls from its constructor. fetch dispatches asynchronously,
   * so a thin wrapper around globalThis.fetch notes the caller per URL and the undici channel picks it up.
   */
  function createIoCollector(performance) {
    const dc = require('diagnostics_channel');
    const probeFile = __filename;
    const inFlight = new Map();
    const siteMeta = new Map();
    let sites = new Map();
    let createdChannelSeen = false;
    const fetchHints = new Map();
    const channels = [];

    const subscribe = (name, fn) => {
      try {
        if (typeof dc.subscribe === 'function') dc.subscribe(name, fn);
        else {
          const ch = dc.channel(name);
          ch.subscribe(fn);
          channels.push(ch); // keep a strong reference: old Node collected unreferenced channels
        }
      } catch {
        // channel unsupported on this Node
      }
    };

    subscribe('http.client.request.created', (m) => {
      createdChannelSeen = true;
      track(m && m.request, 'http', captureSite());
    });
    try {
      const http = require('http');
      const originalAddRequest = http.Agent.prototype.addRequest;
      http.Agent.prototype.addRequest = function addRequest(req) {
        if (!createdChannelSeen && req && !inFlight.has(req)) safe(() => track(req, 'http', captureSite()));
        return originalAddRequest.apply(this, arguments);
      };
    } catch {
      // no http module: nothing to watch
    }
    subscribe('http.client.request.start', (m) => {
      if (m && m.request && !inFlight.has(m.request)) track(m.request, 'http', null);
    });
    subscribe('http.client.response.finish', (m) => finish(m && m.request));
    subscribe('http.client.request.error', (m) => finish(m && m.request));

    subscribe('undici:request:create', (m) => {
      const req = m && m.request;
      if (!req) return;
      let site = captureSite();
      if (!site || site.fromDependency) site = takeFetchHint(String(req.origin || '') + String(req.path || '')) || site;
      track(req, 'fetch', site);
    });
    subscribe('undici:request:headers', (m) => finish(m && m.request));
    subscribe('undici:request:error', (m) => finish(m && m.request));
    wrapFetch();

    function wrapFetch() {
      const original = globalThis.fetch;
      if (typeof original !== 'function') return;
      const fetch = function fetch(input) {
        safe(() => {
          const href = typeof input === 'string' ? input : input && (input.href || input.url);
          const u = new URL(String(href));
          const key = u.origin + u.pathname + u.search;
          const site = captureSite();
          if (!site) return;
          const list = fetchHints.get(key) || [];
          if (list.length < 100) list.push({ site, at: performance.now() });
          fetchHints.set(key, list);
          if (fetchHints.size > 500) fetchHints.delete(fetchHints.keys().next().value);
        });
        return original.apply(this, arguments);
      };
      safe(() => Object.defineProperty(fetch, 'length', { value: original.length }));
      globalThis.fetch = fetch;
    }

    function takeFetchHint(key) {
      const list = fetchHints.get(key);
      if (!list) return null;
      const now = performance.now();
      while (list.length && now - list[0].at > 60000) list.shift();
      const hint = list.shift();
      if (!list.length) fetchHints.delete(key);
      return hint ? hint.site : null;
    }

    function track(req, kind, site) {
      if (!req || typeof req !== 'object' || inFlight.has(req)) return;
      if (inFlight.size >= 10000) return; // something never finishes; stop tracking rather than grow
      const key = kind + ' ' + (site ? site.key : '(unknown)');
      if (!siteMeta.has(key) && siteMeta.size < 2000) {
        siteMeta.set(key, site
          ? { kind, functionName: site.functionName, url: site.url, line: site.line, column: site.column }
          : { kind, functionName: '(unknown)', url: '', line: 0, column: 0 });
      }
      inFlight.set(req, { key, t0: performance.now() });
      if (kind === 'http' && typeof req.once === 'function') req.once('close', () => finish(req));
    }

    function finish(req) {
      const entry = req && inFlight.get(req);
      if (!entry) return;
      inFlight.delete(req);
      const ms = performance.now() - entry.t0;
      const s = sites.get(entry.key) || { count: 0, totalMs: 0, maxMs: 0 };
      s.count++;
      s.totalMs += ms;
      if (ms > s.maxMs) s.maxMs = ms;
      sites.set(entry.key, s);
    }

    /** The first frame outside Node core and the probe, preferring the app's own code over node_modules. */
    function captureSite() {
      const prevLimit = Error.stackTraceLimit;
      const desc = Object.getOwnPropertyDescriptor(Error, 'prepareStackTrace');
      let frames;
      try {
        Error.stackTraceLimit = 24;
        Error.prepareStackTrace = (_e, callsites) => callsites;
        const holder = {};
        Error.captureStackTrace(holder, captureSite);
        frames = holder.stack;
      } finally {
        Error.stackTraceLimit = prevLimit;
        if (desc) Object.defineProperty(Error, 'prepareStackTrace', desc);
        else delete Error.prepareStackTrace;
      }
      if (!Array.isArray(frames)) return null;
      let dependency = null;
      for (const f of frames) {
        const file = f.getFileName && f.getFileName();
        if (!file || file === probeFile || file.startsWith('node:') || file.startsWith('internal/') || !/[\\/]/.test(file)) continue;
        const inDeps = /[\\/]node_modules[\\/]/.test(file);
        if (inDeps && dependency) continue;
        const site = toSite(f, file, inDeps);
        if (!inDeps) return site;
        dependency = site;
      }
      return dependency;
    }

    function toSite(frame, file, fromDependency) {
      const line = frame.getLineNumber() || 0;
      const column = frame.getColumnNumber() || 0;
      const url = file.startsWith('file:') ? file : safe(() => require('url').pathToFileURL(file).href, file);
      const functionName = frame.getFunctionName() || frame.getMethodName() || '(anonymous)';
      return { key: url + ':' + line + ':' + column + ':' + functionName, functionName, url, line, column, fromDependency };
    }

    return {
      take() {
        const waiting = new Map();
        for (const entry of inFlight.values()) waiting.set(entry.key, (waiting.get(entry.key) || 0) + 1);
        const keys = new Set([...sites.keys(), ...waiting.keys()]);
        const out = [];
        for (const key of keys) {
          const meta = siteMeta.get(key);
          if (!meta) continue;
          const s = sites.get(key) || { count: 0, totalMs: 0, maxMs: 0 };
          out.push({ kind: meta.kind, functionName: meta.functionName, url: meta.url, line: meta.line, column: meta.column, count: s.count, totalMs: round(s.totalMs, 3), maxMs: round(s.maxMs, 3), inFlight: waiting.get(key) || 0 });
        }
        sites = new Map();
        return out;
      },
    };
  }

  function clampInt(value, min, max, fallback) {
    const n = Number.parseInt(String(value), 10);
    return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
  }

  function clamp01(x) {
    return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
  }

  function round(x, digits) {
    const f = Math.pow(10, digits === undefined ? 2 : digits);
    return Number.isFinite(x) ? Math.round(x * f) / f : 0;
  }

  function safe(fn, fallback) {
    try {
      return fn();
    } catch {
      return fallback;
    }
  }
})();
