'use strict';
// The start-up probe's ES module tracer, through the module hooks each Node offers:
//   module.registerHooks (22.15+, 23.5+): synchronous hooks on this thread;
//   module.register (20.6+, 22): asynchronous hooks on the loader's own thread (startup-hooks.cjs), registered only
//     when the start may load ES modules: for a plain CommonJS entry the loader thread's start-up alone (the app's
//     thread waits on it) was a tenth of a traced start, and the record says import() from CommonJS is not traced;
//   neither (older 20.x): no ES module tree, said in the record.
// Both kinds chain with the app's own hooks (tsx and the like): each hook calls `next` with what it was given and
// changes nothing of the result but, for an ES module read from a file, one line added after its last line:
//   import "data:text/javascript,<a call into this probe>";
// An import declaration binds no name (nothing the module can shadow), import declarations are hoisted by the
// language whatever their place (nothing else moves), and every line and column of the module's own code stays where
// it was. A module's imports are evaluated in their order before its body, so this one, the last, runs just before
// the body: it marks where the module's own code starts. The body ends where the next thing starts: the next
// module's marker, a CommonJS module imported from ES (whose own time is not counted twice), or the end of the
// synchronous evaluation of the graph (a microtask). A module with a top-level await is timed to its first await.
// The timing measured by the hooks rides in the marker's URL, so it reaches this thread from the loader's thread.
// V8 compiles ES modules while linking, which no hook sees: their compile time is not told apart. The resolver's file
// lookups are internal to Node and are not counted.

const { packageOf } = require('./startup-packages.cjs');

const KEY = 'globalThis[Symbol.for("checkup.startup")]';

/** The source with the marker import appended; `source` as the load step gave it (string or bytes). */
function instrumentSource(source, url, data) {
  const text = typeof source === 'string' ? source : Buffer.from(source).toString('utf8');
  const call = `${KEY}?.es?.(${JSON.stringify(url)},${JSON.stringify(data)})`;
  return `${text}\nimport "data:text/javascript,${encodeURIComponent(call)}";\n`;
}

/** The resolve and load hooks over `nextResolve`/`nextLoad`, synchronous or not (`then` chains either). */
function createHooks(now, epochNow) {
  const resolved = new Map();
  const instrumented = new Set();
  const then = (value, fn) => (value && typeof value.then === 'function' ? value.then(fn) : fn(value));
  return {
    resolve(specifier, context, nextResolve) {
      const t0 = now();
      return then(nextResolve(specifier, context), (result) => {
        if (result && typeof result.url === 'string' && result.url.startsWith('file:') && !resolved.has(result.url)) {
          const entry = !context.parentURL;
          resolved.set(result.url, { resolveMs: now() - t0, parent: context.parentURL || null, ...(entry ? { entryAt: epochNow() } : {}) });
        }
        return result;
      });
    },
    load(url, context, nextLoad) {
      const t0 = now();
      return then(nextLoad(url, context), (result) => {
        if (!result || result.format !== 'module' || result.source == null || !url.startsWith('file:') || instrumented.has(url)) return result;
        instrumented.add(url);
        // An app's own resolve hook (tsx) may answer without calling ours: no resolution time, no parent then.
        const info = resolved.get(url) || { resolveMs: 0, parent: null };
        return { ...result, source: instrumentSource(result.source, url, { resolveMs: info.resolveMs, loadMs: now() - t0, parent: info.parent, entryAt: info.entryAt }) };
      });
    },
  };
}

/** The marker's side, on the app's thread: one running ES module body at a time, closed by whatever comes next. */
function createExecClock(state) {
  const modules = [];
  let running = null;
  /** CommonJS modules imported from ES modules while a body was open: [start, end] epoch ms. */
  let cjsSpans = [];
  const close = (at) => {
    if (!running) return;
    let own = at - running.execStartAt;
    for (const [s, e] of cjsSpans) if (s >= running.execStartAt) own -= Math.min(e, at) - s;
    running.execMs = Math.max(0, own);
    modules.push(running);
    running = null;
    cjsSpans = [];
  };
  return {
    modules,
    /** A marker ran: the module's body starts now. */
    start(url, data) {
      const at = state.epoch();
      close(at);
      if (data.entryAt) state.firstUserCode(data.entryAt);
      const m = { url, package: packageOf(url), parent: data.parent, resolveMs: data.resolveMs, loadMs: data.loadMs, execStartAt: at, execMs: 0 };
      running = m;
      queueMicrotask(() => {
        if (running === m) close(state.epoch());
      });
    },
    /** A CommonJS module loaded by the ES loader (not from a body's own require): not the running body's time. */
    cjsFromEsm(startAt, endAt) {
      if (running) cjsSpans.push([startAt, endAt]);
    },
    finish() {
      close(state.epoch());
      return modules;
    },
  };
}

function traceImport(state) {
  const Module = require('module');
  const { performance } = require('perf_hooks');
  const clock = createExecClock(state);
  state.esmClock = clock;
  state.es = (url, data) => clock.start(url, data);
  if (typeof Module.registerHooks === 'function') {
    const hooks = createHooks(() => performance.now(), () => state.epoch());
    Module.registerHooks({
      resolve: (specifier, context, next) => (isImport(context) ? hooks.resolve(specifier, context, next) : next(specifier, context)),
      load: (url, context, next) => (context.format === 'commonjs' ? next(url, context) : hooks.load(url, context, next)),
    });
    return { hooks: 'module.registerHooks', thread: 'main' };
  }
  if (typeof Module.register === 'function') {
    const why = commonJsOnly(process.argv[1], [...process.execArgv, process.env.NODE_OPTIONS || '']);
    if (why) return { hooks: 'none', skipped: `ES module hooks not registered: ${why}. On Node ${process.version} they would run on a loader thread whose start-up weighs on the traced start; an ES module loaded by import() from CommonJS is not in the tree (Node 22.15+ traces it without that cost).` };
    Module.register(require('url').pathToFileURL(require('path').join(__dirname, 'startup-hooks.cjs')).href);
    return { hooks: 'module.register', thread: 'loader' };
  }
  return { hooks: 'none', missing: `Node ${process.version} has no module hooks (module.register came in 20.6): the ES module tree is not traced` };
}

/**
 * Why the asynchronous hooks can be left out (a reason) or null when the start may load ES modules: the entry is
 * CommonJS by its extension, or by its package's "type" and a source with no import/export statement and no import();
 * no --import, --loader or module --input-type in the flags. Anything unsure (no entry file, unreadable) keeps the hooks.
 */
function commonJsOnly(script, flags) {
  if (!script) return null;
  if (flags.some((f) => /--(?:import|loader|experimental-loader|experimental-default-type|input-type)\b/.test(f))) return null;
  const fs = require('fs');
  const path = require('path');
  const file = [script, script + '.js', script + '.cjs'].find((f) => {
    try {
      return fs.statSync(f).isFile();
    } catch {
      return false;
    }
  });
  if (!file) return null;
  const ext = path.extname(file);
  if (ext === '.cjs' || ext === '.cts') return `the entry ${path.basename(file)} is CommonJS`;
  if (ext !== '.js' && ext !== '.ts') return null;
  if (packageType(path.dirname(file)) === 'module') return null;
  let source;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  if (/^[ \t]*(?:import|export)\b(?!\s*[:=.])/m.test(source) || /\bimport\s*\(/.test(source)) return null;
  return `the entry ${path.basename(file)} is CommonJS and imports nothing itself`;
}

/** The "type" of the nearest package.json above `dir` ("commonjs" when none says otherwise). */
function packageType(dir) {
  const fs = require('fs');
  const path = require('path');
  for (let d = dir; ; d = path.dirname(d)) {
    let text = null;
    try {
      text = fs.readFileSync(path.join(d, 'package.json'), 'utf8');
    } catch {
      text = null;
    }
    if (text !== null) {
      try {
        return JSON.parse(text).type === 'module' ? 'module' : 'commonjs';
      } catch {
        return 'commonjs';
      }
    }
    if (path.dirname(d) === d) return 'commonjs';
  }
}

function isImport(context) {
  return !context.conditions || context.conditions.includes('import');
}

module.exports = { traceImport, createHooks, createExecClock, instrumentSource, commonJsOnly };
