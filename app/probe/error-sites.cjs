'use strict';
// Where the errors that web frameworks turn into error answers were thrown. Many apps answer errors without logging
// them (an express error handler that answers 500, koa's default onerror for a 4xx, restify's answer to a rejected
// async handler), so the failing requests' cause is nowhere in their output. Each framework's own error path is
// wrapped as Node loads its file (one suffix test per loaded file, as pool-made.cjs does): the wrapper runs only when
// the framework handles an error, never for a request that succeeds.
//
// Per window, per (method, route, status, framework): how many errors, and the stacks of a few of them (error-site-
// stats.cjs bounds what is kept). fastify publishes its handler's errors on a tracing channel too, but subscribing to
// it makes fastify trace every request; its error handler's entry is wrapped instead.
const path = require('path');
const { safe } = require('./util.cjs');
const { createErrorSiteStats } = require('./error-site-stats.cjs');

/**
 * The frameworks' error paths: the file that defines it, and how its export is wrapped. `wrap(exports, seen)` replaces
 * the error entry with one that calls `seen(framework, err, req, res)` after the original has run (the answer's status
 * is then known when the framework answered at once), and returns the undo.
 */
const ERROR_PATHS = [
  // express 4 (its router's Layer) and the router package of express 5: the error is offered to each later layer.
  { framework: 'express', file: 'node_modules/express/lib/router/layer.js', wrap: (Layer, seen) => wrapMethod(Layer && Layer.prototype, ['handle_error', 'handleError'], (e, args) => seen('express', args[0], args[1], args[2])) },
  { framework: 'express', file: 'node_modules/router/lib/layer.js', wrap: (Layer, seen) => wrapMethod(Layer && Layer.prototype, ['handleError', 'handle_error'], (e, args) => seen('express', args[0], args[1], args[2])) },
  // koa: ctx.onerror emits app.emit('error', err, ctx) for every error that left the middleware, then answers it.
  // ctx.onerror itself is called with null at every response's finish: the application's emit is wrapped instead,
  // which koa calls for errors only (the status is then koa's own rule: err.status, else 500).
  { framework: 'koa', file: 'node_modules/koa/lib/application.js', wrap: (Application, seen) => wrapMethod(Application && Application.prototype, ['emit'], (app, args) => args[0] === 'error' && args[2] && seen('koa', args[1], args[2].req, args[2].res)) },
  // restify: a handler's error, thrown, passed to next() or a rejected async handler's.
  { framework: 'restify', file: 'node_modules/restify/lib/server.js', wrap: (Server, seen) => wrapMethod(Server && Server.prototype, ['_onHandlerError'], (e, args) => seen('restify', args[0], args[1], args[2])) },
  // fastify: handleError(reply, error), taken by reply.js when it loads (so only a fastify loaded after the probe).
  { framework: 'fastify', file: 'node_modules/fastify/lib/error-handler.js', wrap: (exported, seen) => wrapMethod(exported, ['handleError'], (e, args) => seen('fastify', args[1], args[0] && args[0].request && args[0].request.raw, args[0] && args[0].raw)) },
].map((p) => ({ ...p, suffix: path.join(...p.file.split('/')) }));

/**
 * `owner[name]` (the first of `names` that is a function) replaced by a wrapper that calls the original, then
 * `after(this, args)` when its first argument is an object (an error). Returns the undo, or null.
 */
function wrapMethod(owner, names, after) {
  if (!owner || (typeof owner !== 'object' && typeof owner !== 'function')) return null;
  const name = names.find((n) => typeof owner[n] === 'function');
  if (!name) return null;
  const original = owner[name];
  if (original.__checkupErrorSites) return null;
  const wrapped = {
    [name](first) {
      // The error path's own cost only: a request that did not fail passes straight through.
      if (first === null || first === undefined) return original.apply(this, arguments);
      const args = arguments;
      try {
        return original.apply(this, args);
      } finally {
        safe(() => after(this, args));
      }
    },
  }[name];
  Object.defineProperty(wrapped, '__checkupErrorSites', { value: true });
  Object.defineProperty(wrapped, 'length', { value: original.length });
  const desc = Object.getOwnPropertyDescriptor(owner, name);
  if (desc && !desc.writable && !desc.set) return null;
  const own = Object.prototype.hasOwnProperty.call(owner, name);
  owner[name] = wrapped;
  return () => {
    if (owner[name] !== wrapped) return;
    if (own) owner[name] = original;
    else delete owner[name]; // an inherited method (koa's emit, EventEmitter's) is inherited again
  };
}

/**
 * The collector. `routeOf(req)`: the route the per-route collector files this request under (routes.cjs), so that
 * an error is reported under the route whose errors it explains.
 */
function createErrorSiteCollector(options = {}, Module = require('module')) {
  const routeOf = typeof options.routeOf === 'function' ? options.routeOf : null;
  const stats = createErrorSiteStats();
  // Each error once: express offers it to every later layer, fastify to each error handler in turn.
  const counted = new WeakSet();
  const undo = [];
  const wrappedFiles = new Set();

  function seen(framework, err, req, res) {
    if (!err || typeof err !== 'object' || counted.has(err)) return;
    counted.add(err);
    const method = req && typeof req.method === 'string' ? req.method : 'GET';
    const status = statusOf(err, res);
    if (status < 400) return; // an error handler that recovered: no error answer
    const route = (req && routeOf && safe(() => routeOf(req), '')) || pathOnly(req);
    stats.add(method, route, status, framework, err);
  }

  function wrapFile(known, exported, filename) {
    if (wrappedFiles.has(filename)) return;
    const u = safe(() => known.wrap(exported, seen), null);
    if (u) {
      wrappedFiles.add(filename);
      undo.push(u);
    }
  }

  const extensions = Module._extensions;
  const loader = extensions && extensions['.js'];
  function checkupErrorPaths(module, filename) {
    const result = loader.apply(this, arguments);
    if (typeof filename === 'string' && filename.endsWith('.js')) {
      const known = ERROR_PATHS.find((p) => filename.endsWith(p.suffix));
      if (known) wrapFile(known, module.exports, filename);
    }
    return result;
  }
  if (typeof loader === 'function') extensions['.js'] = checkupErrorPaths;
  // A probe attached to a running app finds its frameworks already loaded (fastify's entry, then, is out of reach).
  safe(() => {
    for (const [filename, m] of Object.entries(Module._cache || {})) {
      const known = ERROR_PATHS.find((p) => filename.endsWith(p.suffix));
      if (known && m && m.loaded) wrapFile(known, m.exports, filename);
    }
  });

  // Answers the app writes itself (a handler's reply.code(503), a breaker, a limiter of its own) pass through no
  // framework error path: once the routes part has seen a 5xx or 429 answer, ServerResponse's writeHead is wrapped,
  // and such an answer's stack (the handler that chose the status is on it) is read as an error's would be. From then
  // on every response pays a status test; until then nothing.
  function armAnswers() {
    if (answersArmed) return;
    answersArmed = true;
    const proto = safe(() => require('http').ServerResponse.prototype, null);
    const original = proto && proto.writeHead;
    if (typeof original !== 'function') return;
    const writeHead = function writeHead(statusCode) {
      if (statusCode >= 500 || statusCode === 429) safe(() => answered(this, statusCode, writeHead));
      return original.apply(this, arguments);
    };
    proto.writeHead = writeHead;
    undo.push(() => {
      if (proto.writeHead === writeHead) proto.writeHead = original;
    });
  }
  let answersArmed = false;

  function answered(res, status, above) {
    const req = res.req;
    const method = req && typeof req.method === 'string' ? req.method : 'GET';
    const route = (req && routeOf && safe(() => routeOf(req), '')) || pathOnly(req);
    stats.add(method, route, status, ANSWERED, answerStack(status, above));
  }
  if (options.armAnswers) safe(() => options.armAnswers(armAnswers));

  return {
    take: () => stats.take(),
    stop() {
      if (extensions && extensions['.js'] === checkupErrorPaths) extensions['.js'] = loader;
      for (const u of undo.splice(0)) safe(u);
    },
  };
}

/** The framework name under which answers the app wrote itself are filed. */
const ANSWERED = 'answer';

/**
 * An object whose stack is the answer's, read only when the stats ask for it (a route's first answers of a window,
 * then one in 16): the frames below the wrapped writeHead, up to 24 (a framework's send path takes several).
 */
function answerStack(status, above) {
  return {
    get stack() {
      const holder = {};
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 24;
      try {
        Error.captureStackTrace(holder, above);
      } finally {
        Error.stackTraceLimit = limit;
      }
      return String(holder.stack).replace(/^[^\n]*/, `Answered ${status}`);
    },
  };
}

/** The status answered, when the framework has answered; else the one the error asks for, else 500. */
function statusOf(err, res) {
  if (res && res.headersSent === true && Number.isInteger(res.statusCode)) return res.statusCode;
  if (err.code === 'ENOENT') return 404; // koa's rule, and express's static files'
  const asked = Number.isInteger(err.status) ? err.status : err.statusCode;
  return Number.isInteger(asked) && asked >= 400 && asked <= 599 ? asked : 500;
}

/** Without the per-route collector: the request's path, without its query. */
function pathOnly(req) {
  const url = req && typeof req.url === 'string' ? req.url : '/';
  const end = url.search(/[?#]/);
  return (end < 0 ? url : url.slice(0, end)).slice(0, 200);
}

module.exports = { createErrorSiteCollector, ERROR_PATHS, ANSWERED };
