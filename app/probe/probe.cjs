'use strict';
// Checkup's probe. Preloaded into the target with NODE_OPTIONS="--require <this file>" and run by the user's own
// Node (18 or newer), so it is plain CommonJS with no dependencies: Node's own modules and its sibling files only
// (samplers.cjs: what each window reads; io-wait.cjs: outbound waits per call site; listeners.cjs: listener counts that
// keep growing; routes.cjs: requests served per route; route-table.cjs: the routes the framework registered; util.cjs).
// What each part costs the app, and when it runs (per request, per call, per window), is listed in parts.cjs: a new
// part is added there with its switch (CHECKUP_PROBE_WITHOUT) and measured by the instructions benchmark first.
// It reports over a side channel (a Unix socket / Windows named pipe the engine listens on), never on stdout, as
// newline-delimited JSON:
//   hello, inspector, listening, listen-error, routes (the table of one http server, read once it listens and again
//   when asked), sample (ProbeSample in app/contract/metrics.ts), warning, probe-error.
// The engine may send back: welcome { pgid } (the launched process group), bye (it is shutting us down) and routes
// { sources, request } (read the tables again, with each handler's file:line when sources is true; the answers
// carry `request`).
// Rules: never throw into the app, never keep it alive (every handle unref'd), never write to its stdio.
// Every Node process of the app's tree and every worker thread in them is probed (tree.cjs, thread-probe.cjs): each
// says hello over a connection of its own, with its role and thread id.

// Everything lives inside one function scope: nothing leaks into the app's module scope.
(function probeModule() {
  const PROBE_VERSION = 3;

  if (global[Symbol.for('checkup.probe')]) return;
  if (!isMainThread()) {
    startInThread();
    return;
  }
  const channelPath = process.env.CHECKUP_PROBE_CHANNEL;
  if (!channelPath || isLauncher(process.argv[1])) return;
  global[Symbol.for('checkup.probe')] = true;
  // Loaded only where the probe activates, and never allowed to throw into the app: an incomplete install leaves the
  // app unprobed, and the engine, hearing no hello, says so.
  let parts;
  try {
    parts = [require('./util.cjs'), require('./samplers.cjs'), require('./io-wait.cjs'), require('./listeners.cjs'), require('./routes.cjs')];
  } catch {
    return;
  }
  const [{ clampInt, round, safe }, { describeWarning, readMemory, countHandles, createGcCollector, createCpuWaitReader, createWindowClock }, { createIoCollector }, { createListenerTracker }, { createRouteCollector }] = parts;
  const tree = safe(() => require('./tree.cjs'), undefined);
  try {
    activate(channelPath);
  } catch (err) {
    // A bug here must never take the app down.
    void err;
  }

  function isLauncher(script) {
    try {
      return require('./launcher.cjs').isLauncher(script);
    } catch {
      return false;
    }
  }

  /** A worker thread of a probed process: its own, smaller probe (thread-probe.cjs), when the process handed it on. */
  function startInThread() {
    try {
      const settings = require('./tree.cjs').threadSettings();
      if (!settings) return;
      global[Symbol.for('checkup.probe')] = true;
      require('./thread-probe.cjs').startThreadProbe(settings, PROBE_VERSION);
    } catch {
      // a thread we cannot probe runs as it would without us
    }
  }

  function isMainThread() {
    try {
      return require('worker_threads').isMainThread;
    } catch {
      return true; // no worker_threads: a main thread by definition
    }
  }

  function activate(channelPath) {
    const net = require('net');
    const perfHooks = require('perf_hooks');
    const { performance, PerformanceObserver, constants } = perfHooks;
    const env = process.env;
    const intervalMs = clampInt(env.CHECKUP_PROBE_INTERVAL_MS, 50, 60000, 250);
    const token = env.CHECKUP_PROBE_TOKEN || '';
    // Installed into an app that was already running (app/attach, through its inspector) rather than preloaded: the
    // app already listens, is not ours to end, and the probe must be able to leave again (detach) without a trace.
    const attached = env.CHECKUP_PROBE_ATTACHED === '1';
    // The benchmark's switch (bench/probe-instructions.ts): parts named here are left out, so that each part's cost
    // is counted with and without it. Never set by the engine.
    const without = new Set(String(env.CHECKUP_PROBE_WITHOUT || '').split(',').filter(Boolean));
    // The engine opened the app's inspector to attach: should it die without closing it, the probe closes it.
    const closeInspectorIfOrphaned = attached && env.CHECKUP_PROBE_CLOSE_INSPECTOR === '1';

    // The app's environment is its own again: take our --require back out of NODE_OPTIONS and forget the channel.
    // Its Node children and worker threads are handed the settings where they start (tree.cjs).
    const fragment = env.CHECKUP_PROBE_REQUIRE;
    const role = tree ? tree.processRole(env) : 'primary';
    if (tree && fragment && !attached) {
      safe(() => tree.probeChildren({ channelPath, token, intervalMs, fragment }));
      safe(() => tree.probeThreads({ channelPath, token, intervalMs }));
    }
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
    const relayBacklogOnExit = () => {
      if (backlog && backlog.length && !connectFailed) relaySync(channelPath, backlog.join(''));
    };
    process.on('exit', relayBacklogOnExit);
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
        else if (msg && msg.type === 'routes') routeReports.readAll(msg.sources === true, Number.isInteger(msg.request) ? msg.request : undefined);
      }
      if (inbox.length > 65536) inbox = '';
    });
    socket.on('close', () => {
      stopSampling();
      if (attached) {
        detach();
        if (!byeReceived && closeInspectorIfOrphaned) safe(() => require('inspector').close());
        return;
      }
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
      threadId: 0,
      role,
      argv: process.argv,
      execArgv: process.execArgv,
      nodeVersion: process.version,
      platform: process.platform,
      arch: process.arch,
      cwd: safe(() => process.cwd(), ''),
      timeOrigin: performance.timeOrigin,
    });

    // ---- inspector ----------------------------------------------------------------------------------------------
    if (!without.has('inspector')) send(openInspector(attached));

    // ---- listening port and the routes served there -------------------------------------------------------------
    // Optional parts, as below; the collector is made here so that the route table can hand it its patterns.
    const idle = { take: () => [], stop() {}, usePatterns() {} };
    const routes = without.has('routes') ? idle : safe(() => createRouteCollector(performance, { turnEnd: !without.has('tick') }), idle);
    const routeReports = without.has('route-tables') ? { listened() {}, readAll() {}, stop() {} } : safe(() => require('./route-reports.cjs').createRouteReports(send, routes), { listened() {}, readAll() {}, stop() {} });
    if (!attached) watchListen(net, performance, send, (server) => routeReports.listened(server));

    // ---- warnings -----------------------------------------------------------------------------------------------
    let warningsThisWindow = 0;
    const onWarning = (warning) => {
      if (++warningsThisWindow > 50) return;
      try {
        send({ type: 'warning', warning: describeWarning(warning) });
      } catch {
        // ignore a warning we cannot describe
      }
    };
    process.on('warning', onWarning);

    // ---- sampling -----------------------------------------------------------------------------------------------
    const gc = createGcCollector(PerformanceObserver, constants);
    const cpuWait = without.has('cpu-wait') ? null : safe(createCpuWaitReader, null);
    // Work off the main thread: the threads' CPU by group each window, and what the app queues for the threadpool.
    const threadCpu = without.has('thread-cpu') ? null : safe(() => require('./thread-cpu.cjs').createThreadCpuReader(), null);
    const poolCalls = without.has('pool-calls') ? null : safe(() => require('./pool-calls.cjs').createPoolCallCollector(), null);
    const io = without.has('io') ? { take: () => [], stop() {} } : createIoCollector(performance);
    // Database waits read at the socket (db-wait.cjs): optional like the parts below.
    const db = without.has('db') ? null : safe(() => require('./db-wait.cjs').createDbCollector(performance), null);
    // Optional parts: one that cannot install itself (a frozen prototype, say) leaves the rest of the samples intact.
    const listeners = without.has('listeners') ? idle : safe(() => createListenerTracker({ eventTargets: !without.has('event-targets') }), idle);
    const clock = createWindowClock(perfHooks, intervalMs, () => process.cpuUsage());

    const timer = setInterval(() => {
      try {
        takeSample();
      } catch (err) {
        send({ type: 'probe-error', message: 'sample failed: ' + (err && err.message) });
      }
    }, intervalMs);
    timer.unref();

    function takeSample() {
      warningsThisWindow = 0;
      const sample = {
        ...clock.take(),
        memory: readMemory(),
        handles: countHandles(socket.destroyed ? 0 : 1),
        gc: gc.take(),
        io: io.take(),
      };
      const cpuWaitMs = cpuWait && cpuWait.take();
      if (cpuWaitMs !== undefined) sample.cpuWaitMs = cpuWaitMs;
      const threads = threadCpu && safe(() => threadCpu.take(), null);
      if (threads) sample.threads = threads;
      const pool = poolCalls && safe(() => poolCalls.take(), null);
      if (pool && pool.calls.length) sample.poolCalls = pool.calls;
      if (pool && pool.addons.length) sample.addons = pool.addons;
      const dbWaits = db && safe(() => db.take(), undefined);
      if (dbWaits) sample.db = dbWaits;
      const followed = listeners.take();
      if (followed.length) sample.listeners = followed;
      const served = routes.take();
      if (served.length) sample.routes = served;
      send({ type: 'sample', sample });
    }

    function stopSampling() {
      clearInterval(timer);
      clock.stop();
      gc.stop();
      safe(() => listeners.stop());
      safe(() => routes.stop());
      safe(() => routeReports.stop());
    }

    /** An attached probe leaves: hooks undone, listeners removed, socket closed; the engine (or its death) says when. */
    let detached = false;
    function detach() {
      if (detached) return;
      detached = true;
      stopSampling();
      safe(() => io.stop());
      if (poolCalls) safe(() => poolCalls.stop());
      if (db) safe(() => db.stop());
      process.removeListener('warning', onWarning);
      process.removeListener('exit', relayBacklogOnExit);
      socket.destroy();
      delete global[Symbol.for('checkup.probe')];
      delete global[Symbol.for('checkup.probe.detach')];
    }
    if (attached) global[Symbol.for('checkup.probe.detach')] = detach;
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

  function openInspector(attached) {
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
    if (!attached) process.on('exit', () => safe(() => inspector.close()));
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
  function watchListen(net, performance, send, onServerListening) {
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
          safe(() => onServerListening(server));
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
})();
