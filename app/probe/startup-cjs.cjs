'use strict';
// The start-up probe's CommonJS tracer: every require() that loads a file, with its resolution (and the file
// lookups it made), read, compile and execution time, and its inclusive time. It wraps Module._load (inclusive time,
// the tree), Module._resolveFilename (resolution), Module._stat (each file lookup of the resolver), the .js/.json/.node
// loaders (read) and Module.prototype._compile (compile, then execution). Compile and execution are told apart by a
// marker call placed at the start of the module's code, in memory only: after a hashbang line and a 'use strict'
// prologue, on the same line, so line numbers stay; the first line's columns shift by its length.

const { packageOf } = require('./startup-packages.cjs');

const MARKER = 'globalThis[Symbol.for("checkup.startup")].x();';

/** Where the module's own statements begin: after a hashbang line and a leading 'use strict' directive. */
function markerAt(content) {
  let at = 0;
  if (content.startsWith('#!')) {
    const nl = content.indexOf('\n');
    if (nl < 0) return { at: content.length, text: '' };
    at = nl + 1;
  }
  const prologue = /^(?:\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*(["'])use strict\1[ \t]*(;?)/.exec(content.slice(at));
  if (prologue) return { at: at + prologue[0].length, text: (prologue[2] ? '' : ';') + MARKER };
  return { at, text: MARKER };
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

  state.x = () => {
    const top = stack[stack.length - 1];
    if (top && top.execAt === undefined) top.execAt = now();
  };

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
    try {
      return load.apply(this, arguments);
    } finally {
      stack.pop();
      if (frame.file) {
        const endAt = now();
        const execAt = frame.execAt;
        loaded.push({
          file: frame.file,
          package: packageOf(frame.file),
          parent: frame.parent,
          format: frame.format,
          startAt: frame.startAt,
          totalMs: endAt - frame.startAt,
          resolveMs: frame.resolveMs || 0,
          lookups: frame.lookups || 0,
          readMs: (frame.compileAt || endAt) - frame.extAt,
          compileMs: frame.compileAt === undefined ? 0 : (execAt === undefined ? endAt : execAt) - frame.compileAt,
          execMs: frame.compileAt === undefined ? 0 : execAt === undefined ? 0 : endAt - execAt,
        });
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
    if (top && top.file === filename && top.compileAt === undefined && typeof content === 'string') {
      top.compileAt = now();
      const { at, text } = markerAt(content);
      if (text) arguments[0] = content.slice(0, at) + text + content.slice(at);
    }
    return compile.apply(this, arguments);
  };

  return {
    summary,
    modules: () => loaded.map((m) => ({ ...m, startAt: performance.timeOrigin + m.startAt })),
  };
}

module.exports = { traceRequire, markerAt };
