'use strict';
// The start-up probe's ES module tracer, through the module hooks each Node offers:
//   module.registerHooks (22.15+, 23.5+): synchronous hooks on this thread;
//   module.register (20.6+, 22): asynchronous hooks on the loader's own thread (startup-hooks.cjs);
//   neither (older 20.x): no ES module tree, said in the record.
// The hooks time each import's resolution and its load (reading the source), and place two marker calls into the
// module's source, in memory only: one at its first statement, one after its last, which time its execution (an ES
// module runs after the modules it imports, so the span is its own). V8 compiles ES modules while linking, which no
// hook sees: their compile time is not told apart (it falls in the gap before execution). The resolver's file
// lookups are internal to Node here and are not counted.

const { packageOf } = require('./startup-packages.cjs');

const KEY = 'globalThis[Symbol.for("checkup.startup")]';

/** The source with the markers: the timing data rides in the first one, so it reaches this thread from any thread. */
function instrumentSource(source, url, data) {
  const text = typeof source === 'string' ? source : Buffer.from(source).toString('utf8');
  const head = `${KEY}?.es(import.meta.url,${JSON.stringify(data)});`;
  const tail = `\n;${KEY}?.ee(import.meta.url);\n`;
  if (text.startsWith('#!')) {
    const nl = text.indexOf('\n');
    if (nl < 0) return text;
    return text.slice(0, nl + 1) + head + text.slice(nl + 1) + tail;
  }
  return head + text + tail;
}

/** The resolve and load hooks over `nextResolve`/`nextLoad`, synchronous or not (`then` chains either). */
function createHooks(now, epochNow) {
  const resolved = new Map();
  const then = (value, fn) => (value && typeof value.then === 'function' ? value.then(fn) : fn(value));
  return {
    resolve(specifier, context, nextResolve) {
      const t0 = now();
      return then(nextResolve(specifier, context), (result) => {
        if (result && typeof result.url === 'string' && !resolved.has(result.url)) {
          const entry = !context.parentURL;
          resolved.set(result.url, { resolveMs: now() - t0, parent: context.parentURL || null, ...(entry ? { entryAt: epochNow() } : {}) });
        }
        return result;
      });
    },
    load(url, context, nextLoad) {
      const t0 = now();
      return then(nextLoad(url, context), (result) => {
        const info = resolved.get(url);
        if (!info || info.loaded || !result || result.format !== 'module' || result.source == null || !url.startsWith('file:')) return result;
        info.loaded = true;
        return { ...result, source: instrumentSource(result.source, url, { resolveMs: info.resolveMs, loadMs: now() - t0, parent: info.parent, entryAt: info.entryAt }) };
      });
    },
  };
}

function traceImport(state) {
  const Module = require('module');
  const { performance } = require('perf_hooks');
  const modules = [];
  const running = new Map();
  state.esmModules = modules;
  state.es = (url, data) => {
    if (data.entryAt) state.firstUserCode(data.entryAt);
    running.set(url, { url, package: packageOf(url), parent: data.parent, resolveMs: data.resolveMs, loadMs: data.loadMs, execStartAt: state.epoch() });
  };
  state.ee = (url) => {
    const m = running.get(url);
    if (!m) return;
    running.delete(url);
    m.execMs = state.epoch() - m.execStartAt;
    modules.push(m);
  };
  if (typeof Module.registerHooks === 'function') {
    const hooks = createHooks(() => performance.now(), () => state.epoch());
    Module.registerHooks({
      resolve: (specifier, context, next) => (isImport(context) ? hooks.resolve(specifier, context, next) : next(specifier, context)),
      load: (url, context, next) => (context.format === 'commonjs' ? next(url, context) : hooks.load(url, context, next)),
    });
    return { hooks: 'module.registerHooks', thread: 'main' };
  }
  if (typeof Module.register === 'function') {
    Module.register(require('url').pathToFileURL(require('path').join(__dirname, 'startup-hooks.cjs')).href);
    return { hooks: 'module.register', thread: 'loader' };
  }
  return { hooks: 'none', missing: `Node ${process.version} has no module hooks (module.register came in 20.6): the ES module tree is not traced` };
}

function isImport(context) {
  return !context.conditions || context.conditions.includes('import');
}

module.exports = { traceImport, createHooks, instrumentSource };
