'use strict';
// The start-up probe's CommonJS tracer: every require() that loads a file, with its resolution (and the file
// lookups it made), read, compile and execution time, and its inclusive time. It wraps Module._load (inclusive time,
// the tree), Module._resolveFilename (resolution), Module._stat (each file lookup of the resolver), the .js/.json/.node
// loaders (read) and Module.prototype._compile (compile, then execution), each calling the original with the same
// `this` and arguments: the module's source and scope are never changed.
// Compile and execution are told apart from outside: Node's _compile (20, 22, 24) compiles the wrapper, then reads
// `module.exports` once to pass it in, then calls the wrapper. For the length of the original _compile call,
// `exports` on that one module object is an accessor whose first read stamps the start of execution and turns the
// property back into the plain data property it was (same value, same attributes); no code of the module's can run
// before that read. A Node that reads it elsewhere only moves the stamp: nothing else changes.

const { packageOf } = require('./startup-packages.cjs');

/** Runs `run` with `module.exports` watched for its first read; the property is restored whatever happens. */
function withExportsWatched(module, onFirstRead, run) {
  const desc = Object.getOwnPropertyDescriptor(module, 'exports');
  if (!desc || !('value' in desc) || !desc.configurable) return run();
  let settled = false;
  const settle = (value) => {
    if (settled) return;
    settled = true;
    Object.defineProperty(module, 'exports', { value, writable: desc.writable, enumerable: desc.enumerable, configurable: true });
  };
  Object.defineProperty(module, 'exports', {
    configurable: true,
    enumerable: desc.enumerable,
    get() {
      settle(desc.value);
      onFirstRead();
      return desc.value;
    },
    set(value) {
      settle(value);
    },
  });
  try {
    return run();
  } finally {
    settle(desc.value);
  }
}

/** A loaded module's figures from its frame (times on this process's performance clock, `origin` its epoch). */
function moduleOf(frame, origin) {
  const { endAt, execAt, compileAt } = frame;
  return {
    file: frame.file,
    package: packageOf(frame.file),
    parent: frame.parent,
    format: frame.format,
    startAt: origin + frame.startAt,
    totalMs: endAt - frame.startAt,
    resolveMs: frame.resolveMs || 0,
    lookups: frame.lookups || 0,
    readMs: (compileAt || endAt) - frame.extAt,
    compileMs: compileAt === undefined ? 0 : (execAt === undefined ? endAt : execAt) - compileAt,
    execMs: compileAt === undefined ? 0 : execAt === undefined ? 0 : endAt - execAt,
  };
}

function traceRequire(state) {
  const Module = require('module');
  const { epoch, firstUserCode } = state;
  const { performance } = require('perf_hooks');
  const now = () => performance.now();
  const stack = [];
  const loaded = [];
  const summary = { lookupsCounted: false };
  let lookups = 0;
  let failing = false;

  // Module._stat: the resolver's file lookups. Setting it emits an ExperimentalWarning into the app's stderr; the
  // warning is held back for that one assignment.
  const stat = Module._stat;
  if (typeof stat === 'function') {
    const emitWarning = process.emitWarning;
    process.emitWarning = () => {};
    try {
      Module._stat = function checkupStat() {
        lookups++;
        return stat.apply(this, arguments);
      };
      summary.lookupsCounted = true;
    } finally {
      process.emitWarning = emitWarning;
    }
  }

  const resolveFilename = Module._resolveFilename;
  Module._resolveFilename = function checkupResolve() {
    const top = stack[stack.length - 1];
    const first = top && top.resolveMs === undefined;
    const t0 = now();
    const l0 = lookups;
    const result = resolveFilename.apply(this, arguments);
    if (first) {
      top.resolveMs = now() - t0;
      top.lookups = lookups - l0;
    }
    return result;
  };

  const load = Module._load;
  Module._load = function checkupLoad(request, parent, isMain) {
    if (isMain) firstUserCode(epoch());
    const frame = { request, parent: parent && parent.filename ? parent.filename : null, startAt: now() };
    stack.push(frame);
    let threw = true;
    try {
      const result = load.apply(this, arguments);
      threw = false;
      return result;
    } finally {
      // Where a failing start failed: the innermost module being loaded when an error went up through require(), not
      // caught on the way (the error itself is never caught here: Node reports it exactly as without the probe).
      if (!threw) failing = false;
      else if (frame.file && !failing) {
        failing = true;
        state.failedIn = { file: frame.file, error: '' };
      }
      stack.pop();
      if (frame.file) {
        const endAt = now();
        frame.endAt = endAt;
        // Loaded by the ES module loader (an import of a CommonJS file): not part of the running ES body's own time.
        if (!stack.length && !isMain && !frame.parent && state.esmClock) state.esmClock.cjsFromEsm(performance.timeOrigin + frame.startAt, performance.timeOrigin + endAt);
        // The frame is kept as it is; its figures and package are worked out once the start is over.
        loaded.push(frame);
      }
    }
  };

  for (const ext of ['.js', '.json', '.node', '.cjs']) {
    const loader = Module._extensions[ext];
    if (typeof loader !== 'function') continue;
    Module._extensions[ext] = function checkupExtension(module, filename) {
      const top = stack[stack.length - 1];
      if (top && !top.file) {
        top.file = filename;
        top.format = ext === '.json' ? 'json' : ext === '.node' ? 'native' : 'cjs';
        top.extAt = now();
      }
      return loader.apply(this, arguments);
    };
  }

  const compile = Module.prototype._compile;
  Module.prototype._compile = function checkupCompile(content, filename) {
    const top = stack[stack.length - 1];
    // An app's own loader for the extension (tsx, ts-node) may replace ours: the module is known from here then.
    if (top && !top.file && typeof filename === 'string') {
      top.file = filename;
      top.format = 'cjs';
      top.extAt = now();
    }
    if (!top || top.file !== filename || top.compileAt !== undefined) return compile.apply(this, arguments);
    top.compileAt = now();
    const args = arguments;
    return withExportsWatched(
      this,
      () => {
        if (top.execAt === undefined) top.execAt = now();
      },
      () => compile.apply(this, args),
    );
  };

  return {
    summary,
    modules: () => loaded.map((frame) => moduleOf(frame, performance.timeOrigin)),
  };
}

module.exports = { traceRequire, withExportsWatched };
