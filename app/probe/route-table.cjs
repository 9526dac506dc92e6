'use strict';
// Which routes the app's framework registered, read from the framework's own live objects once the app listens:
//   express 4 and 5: the app is the server's 'request' listener; its router's stack holds the routes;
//   fastify 5: each instance announces itself on the 'fastify.initialization' diagnostics channel, where an onRoute
//     hook (fastify's documented way to learn routes) is added; the instance whose .server is ours is the one;
//   koa with @koa/router: the listener's closure holds the composed middleware, whose closure holds the list, where
//     router.routes() is the function carrying .router;
//   restify: the listener is the server's _onRequest bound to the restify server; router.getRoutes() lists them;
//   anything else (plain http): nothing to list, said so.
// Closures and bound `this` are read through an in-process inspector session (live-objects.cjs). Never per request,
// never throwing into the app: a structure we do not recognise is "routes unknown for <framework> <version>".

const { safe } = require('./util.cjs');
const { isProxy } = require('util').types;

const MAX_ROUTES = 500;
const MAX_PATH_CHARS = 200;
const MAX_SOURCE_CHARS = 400;
/** Mounted routers followed this deep (express). */
const MAX_ROUTER_DEPTH = 8;
/** Functions whose closures are searched for a framework object: the listener's, then those they hold. */
const MAX_FUNCTIONS_SEARCHED = 40;
const MAX_FASTIFY_INSTANCES = 32;
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'ALL'];

function createRouteTables() {
  const dc = require('diagnostics_channel');
  // fastify instance -> the routes its onRoute hook saw (each { methods, path, handler }).
  const fastifyRoutes = new WeakMap();
  const fastifyInstances = [];
  const onFastify = (message) => {
    const fastify = message && message.fastify;
    if (!fastify || typeof fastify.addHook !== 'function' || fastifyInstances.length >= MAX_FASTIFY_INSTANCES) return;
    const seen = [];
    fastifyRoutes.set(fastify, seen);
    fastifyInstances.push(new WeakRef(fastify));
    safe(() =>
      fastify.addHook('onRoute', (options) => {
        // A plugin's '/' route is registered under its prefix with and without the slash (prefixTrailingSlash
        // 'both', the default), the second without an onRoute of its own.
        const bothSlashes = options.routePath === '' && Boolean(options.prefix) && (options.prefixTrailingSlash || 'both') === 'both';
        if (seen.length < MAX_ROUTES) safe(() => seen.push({ methods: [].concat(options.method), path: String(options.url), handler: options.handler, bothSlashes }));
      }),
    );
  };
  let subscribed = false;
  try {
    dc.subscribe('fastify.initialization', onFastify);
    subscribed = true;
  } catch {
    // a Node without dc.subscribe: fastify's routes stay unknown
  }

  function fastifyOf(server) {
    for (const ref of fastifyInstances) {
      const fastify = ref.deref();
      if (fastify && safe(() => fastify.server, undefined) === server) return fastify;
    }
    return undefined;
  }

  /** The table of one listening server: { framework, version, routes, truncated?, unknown? }. */
  function read(server, options) {
    const sources = Boolean(options && options.sources);
    let live;
    const liveObjects = () => (live ??= require('./live-objects.cjs').createLiveObjects());
    const where = (fn) => (sources ? safe(() => liveObjects().locationOf(fn), '') : '');
    try {
      const fastify = fastifyOf(server);
      if (fastify) {
        const { ignoreTrailingSlash, caseSensitive } = fastifyMatching(fastify);
        const table = (fastifyRoutes.get(fastify) || []).map((r) => ({ ...r, trailingSlash: ignoreTrailingSlash || r.bothSlashes ? 'either' : 'exact', caseSensitive }));
        return listed('fastify', 'fastify', () => table, where);
      }
      // Closures are searched only in an app that loaded a framework found that way: a plain http app never has an
      // inspector session opened in it by us.
      const searchable = ['express', 'koa', 'restify'].some((name) => versionOf(name) !== '');
      for (const listener of server.listeners('request')) {
        const found = identify(listener, searchable ? liveObjects : undefined);
        if (found) return listed(found.framework, found.pkg, found.list, where);
      }
      return { framework: 'http', version: '', routes: [], unknown: 'routes unknown: a plain http server lists none' };
    } catch (err) {
      return { framework: 'unknown', version: '', routes: [], unknown: 'routes unknown: the route table could not be read (' + String(err && err.message).slice(0, 200) + ')' };
    } finally {
      if (live) {
        live.release();
        live.close();
      }
    }
  }

  return {
    read,
    stop() {
      if (subscribed) safe(() => dc.unsubscribe('fastify.initialization', onFastify));
    },
  };
}

/**
 * The framework behind a 'request' listener, with a function listing its raw routes, or undefined. Without
 * `liveObjects` only the listener itself is looked at (an express app).
 */
function identify(listener, liveObjects) {
  if (isExpressApp(listener)) return { framework: 'express', pkg: 'express', list: () => expressRoutes(listener, liveObjects) };
  if (typeof listener !== 'function' || !liveObjects) return undefined;
  const live = liveObjects();
  const self = live.boundThis(listener);
  if (isRestify(self)) return { framework: 'restify', pkg: 'restify', list: () => restifyRoutes(self) };
  // Breadth first through the closures: koa's listener holds the composed middleware, which holds the list. Past the
  // listener itself, only functions' own closures are searched, not whole module scopes (plain http: ~100 ms -> ~10).
  const searched = new Set();
  let frontier = [listener];
  while (frontier.length && searched.size < MAX_FUNCTIONS_SEARCHED) {
    const next = [];
    for (const fn of frontier) {
      if (searched.has(fn) || searched.size >= MAX_FUNCTIONS_SEARCHED) continue;
      const innerOnly = searched.size > 0;
      searched.add(fn);
      for (const value of live.closureValues(fn, innerOnly)) {
        if (isKoaApp(value)) return koa(value.middleware);
        if (isMiddlewareList(value)) return koa(value);
        if (isRestify(value)) return { framework: 'restify', pkg: 'restify', list: () => restifyRoutes(value) };
        if (isExpressApp(value)) return { framework: 'express', pkg: 'express', list: () => expressRoutes(value, liveObjects) };
        if (typeof value === 'function') next.push(value);
      }
    }
    frontier = next;
  }
  return undefined;
}

function koa(middleware) {
  return { framework: 'koa', pkg: 'koa', list: () => koaRoutes(middleware) };
}

/**
 * An own data property, read without running a getter or a Proxy's get trap: the values searched are whatever the
 * app's closures hold, module exports still loading among them (Node warns when one of those is read).
 */
function own(v, key) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function') || isProxy(v)) return undefined;
  const d = Object.getOwnPropertyDescriptor(v, key);
  return d && 'value' in d ? d.value : undefined;
}

const isExpressApp = (v) => typeof v === 'function' && typeof own(v, 'handle') === 'function' && typeof own(v, 'set') === 'function' && ('_router' in v || 'router' in v);
const isRestify = (v) => {
  const router = own(v, 'router');
  return typeof v === 'object' && router !== null && typeof router === 'object' && typeof router.getRoutes === 'function';
};
const isKoaApp = (v) => typeof v === 'object' && Array.isArray(own(v, 'middleware')) && typeof v.createContext === 'function';
const isMiddlewareList = (v) => Array.isArray(v) && !isProxy(v) && v.length < 1000 && v.some((m) => typeof m === 'function' && Array.isArray(own(own(m, 'router'), 'stack')));

// ---- express ------------------------------------------------------------------------------------------------------

function expressRoutes(app, liveObjects) {
  // express 4 keeps its router in app._router (made on first use); express 5 behind the app.router getter.
  const router = app._router || safe(() => app.router, undefined);
  const out = [];
  if (router && Array.isArray(router.stack)) walkExpress(router, '', true, out, 0, liveObjects);
  else if (router !== undefined) throw new Error('no router stack');
  return out;
}

/**
 * `sensitiveAbove`: whether every router the path went through on its way down matched case exactly. A mount is
 * matched with its parent router's case setting and a route with its own router's, so a route is called
 * case-sensitive only when all of them are (the lenient choice: no warning for a path one of them lets through).
 */
function walkExpress(router, prefix, sensitiveAbove, out, depth, liveObjects) {
  const caseSensitive = sensitiveAbove && own(router, 'caseSensitive') === true;
  for (const layer of router.stack) {
    if (out.length >= MAX_ROUTES) return;
    if (!layer) continue;
    const route = layer.route;
    if (route && typeof route === 'object') {
      const methods = Object.keys(route.methods || {}).filter((m) => route.methods[m]).map((m) => (m === '_all' ? 'ALL' : m.toUpperCase()));
      const handlers = Array.isArray(route.stack) ? route.stack : [];
      const last = handlers[handlers.length - 1];
      for (const path of [].concat(route.path)) {
        // A router's '/' route under a mount takes the mount path with and without its slash, strict or not: express
        // strips the mount and puts back a '/' when nothing is left.
        const trailingSlash = own(router, 'strict') === true && !(prefix && path === '/') ? 'exact' : 'either';
        out.push({ methods, path: prefix + pathText(path), handler: last && last.handle, trailingSlash, caseSensitive });
      }
      continue;
    }
    const handle = layer.handle;
    if (depth >= MAX_ROUTER_DEPTH || !handle) continue;
    // A mounted router (its own stack), or a mounted express app: app.use('/sub', subApp) wraps it in a function
    // (mounted_app) that holds it in its closure.
    if (Array.isArray(handle.stack)) {
      walkExpress(handle, prefix + mountPath(layer, handle), caseSensitive, out, depth + 1, liveObjects);
    } else if (typeof handle === 'function' && handle.name === 'mounted_app') {
      const sub = safe(() => liveObjects().closureValues(handle).find(isExpressApp), undefined);
      const subRouter = sub && (sub._router || safe(() => sub.router, undefined));
      if (subRouter && Array.isArray(subRouter.stack)) walkExpress(subRouter, prefix + mountPath(layer, sub), caseSensitive, out, depth + 1, liveObjects);
    }
  }
}

/**
 * Where a router is mounted. A mounted express app knows its own mountpath. express 5's router (2.3+) keeps the path
 * as it was given in layer.rawPath, which its router.listRoutes() reports. express 4 keeps only the compiled RegExp
 * of app.use('/api/:v', r): its source (`^\/api\/(?:([^\/]+?))\/?(?=\/|$)`) is turned back into the path, its
 * captures named from layer.keys. Older express 5 routers keep neither: such a prefix is shown as `/*`.
 */
function mountPath(layer, handle) {
  if (typeof handle.mountpath === 'string' && handle.mountpath !== '/') return handle.mountpath;
  const raw = own(layer, 'rawPath');
  if (typeof raw === 'string') return raw.replace(/\/+$/, '');
  const regexp = layer.regexp;
  if (!(regexp instanceof RegExp)) return layer.slash ? '' : '/*';
  if (regexp.fast_slash) return '';
  const keys = Array.isArray(layer.keys) ? layer.keys : [];
  let i = 0;
  const text = regexp.source
    .replace(/^\^/, '')
    .replace(/\\\/\?\(\?=\\\/\|\$\)$/, '')
    .replace(/\(\?:(\\\/)?\(\[\^\\?\/\]\+\?\)\)/g, (_, slash) => (slash ? '/' : '') + ':' + ((keys[i++] || {}).name || 'param'))
    .replace(/\\(.)/g, '$1');
  return text === '/' ? '' : text;
}

function pathText(path) {
  if (typeof path === 'string') return path;
  if (path instanceof RegExp) return String(path);
  return String(path);
}

// ---- fastify ------------------------------------------------------------------------------------------------------

/**
 * How the instance's router matches, from fastify's documented initialConfig: a trailing slash matters unless
 * ignoreTrailingSlash, case matters unless caseSensitive is false; fastify 5 takes both at the top or in routerOptions
 * (which wins where given; a false default there cannot be told from one given, so true in either place counts).
 */
function fastifyMatching(fastify) {
  const config = safe(() => fastify.initialConfig, undefined) || {};
  const router = (config.routerOptions && typeof config.routerOptions === 'object' && config.routerOptions) || {};
  const ignoreTrailingSlash = router.ignoreTrailingSlash === true || config.ignoreTrailingSlash === true;
  const caseSensitive = router.caseSensitive !== false && config.caseSensitive !== false;
  return { ignoreTrailingSlash, caseSensitive };
}

// ---- koa + @koa/router --------------------------------------------------------------------------------------------

function koaRoutes(middleware) {
  const out = [];
  for (const mw of middleware) {
    const router = typeof mw === 'function' && mw.router;
    if (!router || !Array.isArray(router.stack)) continue;
    for (const layer of router.stack) {
      if (out.length >= MAX_ROUTES) return out;
      // router.use(fn) adds layers without methods: middleware, not routes.
      if (!layer || !Array.isArray(layer.methods) || layer.methods.length === 0) continue;
      const handlers = Array.isArray(layer.stack) ? layer.stack : [];
      // @koa/router's own options (path-to-regexp's strict and sensitive); by default case is ignored.
      const opts = own(layer, 'opts') || {};
      // path-to-regexp 6 when not strict: one more trailing slash is allowed, the registered one is not optional.
      out.push({ methods: layer.methods, path: pathText(layer.path), handler: handlers[handlers.length - 1], trailingSlash: opts.strict === true ? 'exact' : 'extra', caseSensitive: opts.sensitive === true });
    }
  }
  return out;
}

// ---- restify ------------------------------------------------------------------------------------------------------

function restifyRoutes(server) {
  const out = [];
  const routes = server.router.getRoutes();
  for (const route of Object.values(routes || {})) {
    if (out.length >= MAX_ROUTES) break;
    if (!route) continue;
    const handlers = safe(() => route.chain.getHandlers(), []);
    out.push({ methods: [route.method], path: pathText(route.path !== undefined ? route.path : route.spec && route.spec.path), handler: handlers[handlers.length - 1] });
  }
  return out;
}

// ---- the table ----------------------------------------------------------------------------------------------------

/** A framework we know in a shape we do not (a newer major, say): not an error, the table is unknown. */
function listed(framework, pkg, list, where) {
  const version = versionOf(pkg);
  let raw;
  try {
    raw = list();
  } catch {
    return { framework, version, routes: [], unknown: `routes unknown for ${framework}${version ? ' ' + version : ''}` };
  }
  return finish(framework, version, raw, where);
}

/**
 * Raw routes into the table: one entry per registration (express's app.route('/x').get().put() is one), the same
 * method and path once, HEAD left out where the framework adds it beside a GET; capped and trimmed.
 */
function finish(framework, version, raw, where) {
  const entries = [];
  const seen = new Set();
  const getPaths = new Set();
  for (const r of raw) if (r && (r.methods || []).some((m) => String(m).toUpperCase() === 'GET')) getPaths.add(String(r.path));
  for (const r of raw) {
    if (entries.length >= MAX_ROUTES) break;
    if (!r || typeof r.path !== 'string') continue;
    const path = r.path.slice(0, MAX_PATH_CHARS);
    let methods = [...new Set((r.methods || []).map((m) => String(m).toUpperCase()))];
    if (getPaths.has(r.path)) methods = methods.filter((m) => m !== 'HEAD');
    methods = methods.filter((m) => !seen.has(m + ' ' + path));
    if (!methods.length && (r.methods || []).length) continue;
    for (const m of methods) seen.add(m + ' ' + path);
    methods.sort((a, b) => rank(a) - rank(b));
    const source = where(r.handler).slice(0, MAX_SOURCE_CHARS);
    const matching = r.trailingSlash ? { trailingSlash: r.trailingSlash, caseSensitive: r.caseSensitive === true } : {};
    entries.push({ method: methods.join(',') || 'ALL', path, ...matching, ...(source ? { source } : {}) });
  }
  const table = { framework, version, routes: entries };
  if (raw.length > MAX_ROUTES) table.truncated = true;
  return table;
}

function rank(method) {
  const i = METHOD_ORDER.indexOf(method);
  return i < 0 ? METHOD_ORDER.length : i;
}

/** The version of a package the app loaded, from its package.json beside the loaded file; '' when not found. */
function versionOf(name) {
  const marker = `${require('path').sep}node_modules${require('path').sep}${name.split('/').join(require('path').sep)}${require('path').sep}`;
  for (const file of Object.keys(require.cache)) {
    const at = file.lastIndexOf(marker);
    if (at < 0) continue;
    const dir = file.slice(0, at + marker.length);
    const version = safe(() => JSON.parse(require('fs').readFileSync(dir + 'package.json', 'utf8')).version, '');
    if (typeof version === 'string' && version) return version.slice(0, 40);
  }
  return '';
}

module.exports = { createRouteTables };
