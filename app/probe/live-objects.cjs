'use strict';
// What a function holds that JavaScript cannot reach: the variables of its closures, a bound function's `this`, and
// where its source is. Read through an in-process inspector session (V8's own view of the heap, the one DevTools
// shows as [[Scopes]]), so that a framework's objects are found from the http server's 'request' listener without
// patching the framework. Used only when the route table is read (at listen, and when the engine asks), never per
// request. Every call is synchronous: an in-process session answers before post() returns.

const GROUP = 'checkup-routes';
const SLOT = Symbol.for('checkup.probe.live-object');
const SLOT_EXPRESSION = 'globalThis[Symbol.for("checkup.probe.live-object")]';
/** Closure variables read per function: a framework's module scope holds dozens; ours are among the first. */
const MAX_VARIABLES = 200;

function createLiveObjects() {
  const inspector = require('inspector');
  const session = new inspector.Session();
  session.connect();

  function post(method, params) {
    let error;
    let result;
    session.post(method, params, (err, res) => {
      error = err;
      result = res;
    });
    if (error) throw error;
    return result;
  }

  /** The inspector's handle of a live value (kept alive by the object group until release()). */
  function handleOf(value) {
    globalThis[SLOT] = value;
    try {
      return post('Runtime.evaluate', { expression: SLOT_EXPRESSION, objectGroup: GROUP }).result.objectId;
    } finally {
      delete globalThis[SLOT];
    }
  }

  /** The live value behind an inspector handle. */
  function valueOf(objectId) {
    post('Runtime.callFunctionOn', { objectId, functionDeclaration: `function () { ${SLOT_EXPRESSION} = this; }`, objectGroup: GROUP });
    const value = globalThis[SLOT];
    delete globalThis[SLOT];
    return value;
  }

  function internals(fn) {
    const objectId = handleOf(fn);
    if (!objectId) return [];
    return post('Runtime.getProperties', { objectId, ownProperties: true }).internalProperties || [];
  }

  /**
   * The objects and functions a function's closures hold (block and closure scopes, not the global one). With
   * `innerOnly`, only those of the function's own enclosing functions (`Closure (callback)`), not of a module's scope
   * (an unnamed `Closure`): a module scope holds everything the module required.
   */
  function closureValues(fn, innerOnly) {
    const out = [];
    if (typeof fn !== 'function') return out;
    const scopes = internals(fn).find((p) => p.name === '[[Scopes]]');
    if (!scopes || !scopes.value || !scopes.value.objectId) return out;
    for (const scope of post('Runtime.getProperties', { objectId: scopes.value.objectId, ownProperties: true }).result) {
      const v = scope.value;
      if (!v || !v.objectId || !(innerOnly ? /^(Closure \(|Block)/ : /^(Closure|Block)/).test(String(v.description))) continue;
      const vars = post('Runtime.getProperties', { objectId: v.objectId, ownProperties: true }).result;
      for (const variable of vars.slice(0, MAX_VARIABLES)) {
        const value = variable.value;
        if (value && value.objectId && (value.type === 'object' || value.type === 'function')) out.push(valueOf(value.objectId));
      }
    }
    return out;
  }

  /** A bound function's `this` (restify binds its request handler to its server), else undefined. */
  function boundThis(fn) {
    if (typeof fn !== 'function') return undefined;
    const bound = internals(fn).find((p) => p.name === '[[BoundThis]]');
    return bound && bound.value && bound.value.objectId ? valueOf(bound.value.objectId) : undefined;
  }

  // Script ids to file names, learnt once from the Debugger domain, which is switched off again at once.
  let scripts = null;
  function scriptUrls() {
    if (scripts) return scripts;
    scripts = new Map();
    const onParsed = (m) => {
      const p = m && m.params;
      if (p && p.url) scripts.set(p.scriptId, p.url);
    };
    session.on('Debugger.scriptParsed', onParsed);
    try {
      post('Debugger.enable', {});
      post('Debugger.disable', {});
    } finally {
      session.removeListener('Debugger.scriptParsed', onParsed);
    }
    return scripts;
  }

  /** Where a function's source is, `file:line` (1-based), or '' when V8 does not say. */
  function locationOf(fn) {
    if (typeof fn !== 'function') return '';
    const loc = internals(fn).find((p) => p.name === '[[FunctionLocation]]');
    const where = loc && loc.value && loc.value.value;
    if (!where) return '';
    const url = scriptUrls().get(where.scriptId);
    if (!url || url.startsWith('node:')) return '';
    let file = url;
    if (url.startsWith('file:')) {
      try {
        file = require('url').fileURLToPath(url);
      } catch {
        return '';
      }
    }
    return `${file}:${where.lineNumber + 1}`;
  }

  return {
    closureValues,
    boundThis,
    locationOf,
    /** Frees the handles of one reading (the values themselves stay where the app keeps them). */
    release() {
      try {
        post('Runtime.releaseObjectGroup', { objectGroup: GROUP });
      } catch {
        // a session already closed
      }
    },
    close() {
      try {
        session.disconnect();
      } catch {
        // already gone
      }
    },
  };
}

module.exports = { createLiveObjects };
