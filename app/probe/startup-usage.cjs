'use strict';
// The start-up probe's usage tracer: which packages' functions were called after the package finished loading and
// before the app was ready. Loaded but never called is what "lazy-load it" rests on, so it is measured, not guessed:
// V8's precise coverage counts every call; a snapshot is taken (and the counters reset) each time a package's entry
// finishes loading from outside the package, so a call is known to fall inside or after that package's load. It runs
// in a start of its own: the snapshots cost time, which must not enter the timed starts.
const { packageOf } = require('./startup-packages.cjs');

function traceUsage() {
  const Module = require('module');
  const inspector = require('inspector');
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) => {
    let answer = null;
    session.post(method, params || {}, (err, result) => {
      if (!err) answer = result;
    });
    return answer;
  };
  post('Profiler.enable');
  post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });

  let takes = 0;
  /** package -> { loadedAt: snapshot index at the end of its first load, calledAfter: calls in later snapshots }. */
  const packages = new Map();
  /** package -> the last snapshot index in which one of its functions was called. */
  const callsBySnapshot = new Map();

  function snapshot() {
    const result = post('Profiler.takePreciseCoverage');
    takes++;
    if (!result) return;
    for (const script of result.result) {
      const pkg = packageOf(script.url);
      if (!pkg) continue;
      let calls = 0;
      for (const fn of script.functions) calls += fn.ranges[0] ? fn.ranges[0].count : 0;
      if (!calls) continue;
      const info = packages.get(pkg);
      if (info && info.loadedAt !== undefined && takes > info.loadedAt) info.calledAfter += calls;
      callsBySnapshot.set(pkg, takes);
    }
  }

  const load = Module._load;
  Module._load = function checkupUsageLoad(request, parent) {
    const result = load.apply(this, arguments);
    try {
      const filename = Module._resolveFilename(request, parent);
      const pkg = packageOf(filename);
      if (pkg && !packages.has(pkg) && packageOf(parent && parent.filename ? parent.filename : '') !== pkg) {
        snapshot();
        packages.set(pkg, { loadedAt: takes, calledAfter: 0 });
      }
    } catch {
      // a built-in or an odd request: not a package
    }
    return result;
  };

  return {
    finish() {
      snapshot();
      post('Profiler.stopPreciseCoverage');
      session.disconnect();
      const out = {};
      for (const [pkg, info] of packages) out[pkg] = { calledAfterLoad: info.calledAfter };
      return { snapshots: takes, packages: out };
    },
  };
}

module.exports = { traceUsage };
