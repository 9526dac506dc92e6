'use strict';
// Checkup's start-up probe. Preloaded with NODE_OPTIONS="--require <this file>" into every start of the app that
// `checkup startup` makes, run by the user's own Node (20, 22, 24), plain CommonJS without dependencies. It measures
// process start -> first line of user code -> ready (the first `listening`, or the process's exit for a CLI or a
// function), and writes one JSON record per process into CHECKUP_STARTUP_OUT (<pid>.json) when it is ready; a
// process that listened then exits (code 0) after its own 'listening' handlers ran: the app is only being started.
//   CHECKUP_STARTUP_TRACE=1    also trace the module tree (startup-cjs.cjs: require; startup-esm.cjs: import)
//   CHECKUP_STARTUP_PROFILE=1  also record a CPU profile of the start (<pid>.cpuprofile), through the inspector
//   CHECKUP_STARTUP_USAGE=1    also record which packages were called after loading (startup-usage.cjs)
// Rules: never throw into the app, never write to its stdio, never touch its files.
(function startupProbe() {
  const outDir = process.env.CHECKUP_STARTUP_OUT;
  const KEY = Symbol.for('checkup.startup');
  if (!outDir || global[KEY] || !isMainThread() || isLauncher(process.argv[1])) return;
  const { performance } = require('perf_hooks');
  const fs = require('fs');
  const path = require('path');

  /** Epoch ms with sub-ms precision; comparable across this process's threads. */
  const epoch = () => performance.timeOrigin + performance.now();
  const record = {
    pid: process.pid,
    nodeVersion: process.version,
    script: process.argv[1] || null,
    processStartAt: performance.timeOrigin,
    preloadAt: epoch(),
    firstUserCodeAt: null,
    readyAt: null,
    readyKind: null,
    exitCode: null,
    port: null,
    trace: null,
    profile: false,
  };
  const state = { record, epoch, firstUserCode, finished: false };
  global[KEY] = state;
  // Children of the app (workers it forks, tools it spawns) are not measured: only this process is.
  delete process.env.CHECKUP_STARTUP_OUT;

  function firstUserCode(at) {
    if (record.firstUserCodeAt === null) record.firstUserCodeAt = at;
  }

  let tracer = null;
  try {
    if (process.env.CHECKUP_STARTUP_TRACE === '1') {
      // Both required before either is installed: the probe's own files are not the app's tree.
      const [{ traceRequire }, { traceImport }] = [require('./startup-cjs.cjs'), require('./startup-esm.cjs')];
      const esm = traceImport(state);
      tracer = traceRequire(state);
      record.trace = { cjs: tracer.summary, esm };
    } else {
      watchMainRequire();
    }
  } catch (err) {
    record.traceError = String((err && err.message) || err);
  }
  let usage = null;
  try {
    if (process.env.CHECKUP_STARTUP_USAGE === '1') usage = require('./startup-usage.cjs').traceUsage();
  } catch (err) {
    record.usageError = String((err && err.message) || err);
  }
  let profiler = null;
  try {
    if (process.env.CHECKUP_STARTUP_PROFILE === '1') profiler = startProfiler();
  } catch (err) {
    record.profileError = String((err && err.message) || err);
  }
  watchListen();
  process.on('exit', (code) => finish('exit', code));
  record.preloadEndAt = epoch();

  /** Untraced starts still see when the CommonJS entry begins (an ES module entry: see preloadEndAt). */
  function watchMainRequire() {
    const Module = require('module');
    const load = Module._load;
    // Stays in place (a wrapper installed after it must not be undone); after the entry it only passes through.
    Module._load = function checkupMainLoad(request, parent, isMain) {
      if (isMain) firstUserCode(epoch());
      return load.apply(this, arguments);
    };
  }

  function watchListen() {
    const net = require('net');
    const listen = net.Server.prototype.listen;
    net.Server.prototype.listen = function checkupListen() {
      if (!state.finished) {
        this.once('listening', () => {
          const at = epoch();
          let port = null;
          try {
            const address = this.address();
            port = address && typeof address === 'object' ? address.port : null;
          } catch {
            port = null;
          }
          finish('listen', null, at, port);
          // Let the app's own 'listening' handlers run, then end: the start is what is measured.
          setImmediate(() => process.exit(0));
        });
      }
      return listen.apply(this, arguments);
    };
  }

  function startProfiler() {
    const inspector = require('inspector');
    const session = new inspector.Session();
    session.connect();
    session.post('Profiler.enable');
    session.post('Profiler.setSamplingInterval', { interval: 250 });
    session.post('Profiler.start');
    return session;
  }

  function stopProfiler() {
    let profile = null;
    profiler.post('Profiler.stop', (err, result) => {
      if (!err && result) profile = result.profile;
    });
    profiler.disconnect();
    // The same-thread session answers synchronously; no answer means no profile, said in the record.
    if (profile) {
      writeAtomic(path.join(outDir, process.pid + '.cpuprofile'), JSON.stringify(profile));
      record.profile = true;
    }
  }

  function finish(kind, code, at, port) {
    if (state.finished) return;
    state.finished = true;
    record.readyAt = at || epoch();
    record.readyKind = kind;
    record.exitCode = kind === 'exit' ? code : null;
    record.port = port || null;
    try {
      if (tracer) record.modules = tracer.modules();
      if (state.esmClock) record.esmModules = state.esmClock.finish();
      if (state.failedIn) record.failedIn = state.failedIn;
      if (usage) record.usage = usage.finish();
      if (profiler) stopProfiler();
    } catch (err) {
      record.traceError = String((err && err.message) || err);
    }
    try {
      writeAtomic(path.join(outDir, process.pid + '.json'), JSON.stringify(record));
    } catch {
      // the engine hears nothing from this process and says so
    }
  }

  function writeAtomic(file, text) {
    const tmp = file + '.tmp';
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, file);
  }

  function isLauncher(script) {
    try {
      return require('./launcher.cjs').isLauncher(script);
    } catch {
      return false;
    }
  }

  function isMainThread() {
    try {
      return require('worker_threads').isMainThread;
    } catch {
      return true;
    }
  }
})();
