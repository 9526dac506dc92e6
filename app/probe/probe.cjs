'use strict';
// Checkup's probe. Preloaded into the target with NODE_OPTIONS="--require <this file>" and run by the user's own
// Node (18 or newer), so it is plain CommonJS with no dependencies: Node's own modules and its sibling files only.
// This file holds the side channel and the window's sample; the parts that add to it (outbound waits, listeners,
// routes, database waits...) are listed in parts.cjs, with what each costs the app and when it runs (per request, per
// call, per window), and started from there: a new part is added to that list with its switch
// (CHECKUP_PROBE_WITHOUT) and measured by the instructions benchmark first.
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
  let modules;
  try {
    modules = [require('./util.cjs'), require('./samplers.cjs'), require('./parts.cjs'), require('./listen-watch.cjs'), require('./orphan.cjs')];
  } catch {
    return;
  }
  const [{ clampInt, safe }, { describeWarning, readMemory, countHandles, createWindowClock }, { PARTS }, { watchListen }, orphan] = modules;
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
    const { performance } = perfHooks;
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
      if (backlog && backlog.length && !connectFailed) orphan.relaySync(channelPath, backlog.join(''));
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
        else if (msg && msg.type === 'routes' && routeReports) routeReports.readAll(msg.sources === true, Number.isInteger(msg.request) ? msg.request : undefined);
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
      orphan.removeDeadChannel(channelPath);
      orphan.shutDownOrphan(pgid);
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

    // ---- the parts (parts.cjs), in the list's order ---------------------------------------------------------------
    // One that cannot install itself (a frozen prototype, say) leaves the rest of the samples intact.
    const started = new Map();
    const context = { performance, send, attached, on: (name) => !without.has(name), part: (name) => started.get(name) };
    for (const part of PARTS) {
      if (!part.start || without.has(part.name)) continue;
      const collector = safe(() => part.start(context), null);
      if (collector) started.set(part.name, collector);
    }
    const routeReports = started.get('route-tables');
    if (!attached) watchListen(net, performance, send, (server) => routeReports && routeReports.listened(server));

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
      const sample = { ...clock.take(), memory: readMemory(), handles: countHandles(socket.destroyed ? 0 : 1), io: [] };
      for (const part of PARTS) {
        const collector = part.sample && started.get(part.name);
        if (collector) safe(() => part.sample(sample, collector));
      }
      send({ type: 'sample', sample });
    }

    /** Sampling ends with the channel: the clock stopped, every part's hooks undone. */
    function stopSampling() {
      clearInterval(timer);
      clock.stop();
      for (const collector of started.values()) safe(() => collector.stop && collector.stop());
    }

    /** An attached probe leaves: hooks undone, listeners removed, socket closed; the engine (or its death) says when. */
    let detached = false;
    function detach() {
      if (detached) return;
      detached = true;
      stopSampling();
      process.removeListener('warning', onWarning);
      process.removeListener('exit', relayBacklogOnExit);
      socket.destroy();
      delete global[Symbol.for('checkup.probe')];
      delete global[Symbol.for('checkup.probe.detach')];
    }
    if (attached) global[Symbol.for('checkup.probe.detach')] = detach;
  }

})();
