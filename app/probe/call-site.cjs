'use strict';
// The app's line that made a call: the first frame of a synchronous stack outside Node core and the probe, preferring
// the app's own code over node_modules. One walk for every kind of call site: database queries (db-wait.cjs,
// db-hints.cjs), outbound HTTP and fetch (io-wait.cjs) and threadpool work (pool-calls.cjs).
//
// An ORM sends its query after awaits of its own (hooks, a connection from its pool): by then the synchronous stack
// holds only the ORM and the driver, and V8's async frames skip a function that returned the ORM's promise without
// awaiting it (`return Model.findAll(...)`), so the first app frame is its caller's `await`. The ORM's entry points
// (db-hints.cjs) keep the raw stack of the app's call in an AsyncLocalStorage for the work it starts; a site read
// inside it that found only a dependency, or an app frame that is an async continuation, is that entry's line.
const { safe } = require('./util.cjs');

const PROBE_DIR = __dirname + require('path').sep;
const isDependency = (file) => /[\\/]node_modules[\\/]/.test(file);
const isOurs = (file) => !file || file.startsWith(PROBE_DIR) || file.startsWith('node:') || file.startsWith('internal/') || !/[\\/]/.test(file);

/**
 * The call site of the current stack, below `below` (a function of ours on it, left out with every frame above it);
 * null when there is no stack to read. `depth` frames are read (the probe's own and Node's count among them): a
 * query's site may sit under a deep ORM stack, an outbound request's or a threadpool call's a few frames down.
 */
function captureSite(below, depth) {
  const prevLimit = Error.stackTraceLimit;
  const desc = Object.getOwnPropertyDescriptor(Error, 'prepareStackTrace');
  let frames;
  try {
    Error.stackTraceLimit = depth || 64;
    Error.prepareStackTrace = (_e, callsites) => callsites;
    const holder = {};
    Error.captureStackTrace(holder, below || captureSite);
    frames = holder.stack;
  } finally {
    Error.stackTraceLimit = prevLimit;
    if (desc) Object.defineProperty(Error, 'prepareStackTrace', desc);
    else delete Error.prepareStackTrace;
  }
  if (!Array.isArray(frames)) return null;
  const site = siteOfFrames(frames);
  if ((!site || site.fromDependency || site.async) && entries) {
    const entry = entrySite();
    if (entry) return entry;
  }
  return site;
}

/** The first frame outside Node core and the probe, the app's own preferred over a dependency's (see captureSite). */
function siteOfFrames(frames) {
  let dependency = null;
  for (let i = 0; i < frames.length; i++) {
    const file = safe(() => frames[i].getFileName(), '');
    if (isOurs(file)) continue;
    const inDeps = isDependency(file);
    if (inDeps && dependency) continue;
    const site = toSite(frames[i], file, inDeps);
    // An arrow function's or a promise executor's name says nothing: name it by the nearest named function of the
    // same file above it ("(anonymous) in loadOrderDetails"), as the CPU culprits are.
    if (site.functionName === '(anonymous)') site.calledFrom = namedCaller(frames, i + 1, file);
    if (!inDeps) {
      // A call made through the app's own helper (a repository's findById, a getJson) is made for the function that
      // called the helper: the next named function of the app's above the one named so far.
      site.via = appCallerAbove(frames, i + 1, site.functionName === '(anonymous)' ? site.calledFrom : undefined, site.calledFrom || site.functionName);
      if (safe(() => frames[i].isAsync(), false)) site.async = true;
      return site;
    }
    dependency = site;
  }
  return dependency;
}

/** The first named app function above `from` other than `named`, after the frame of `skipTo` when one is given. */
function appCallerAbove(frames, from, skipTo, named) {
  let passed = !skipTo;
  for (let j = from; j < frames.length; j++) {
    const file = safe(() => frames[j].getFileName(), '');
    if (isOurs(file) || isDependency(file)) continue;
    const name = safe(() => frames[j].getFunctionName() || frames[j].getMethodName(), '');
    if (!name) continue;
    if (!passed) {
      if (name === skipTo) passed = true;
      continue;
    }
    if (name !== named) return String(name);
  }
  return undefined;
}

function namedCaller(frames, from, file) {
  for (let j = from; j < frames.length; j++) {
    const name = safe(() => frames[j].getFileName() === file && (frames[j].getFunctionName() || frames[j].getMethodName()), '');
    if (name) return String(name);
  }
  return undefined;
}

/** file path -> file: URL, so that a call costs no URL conversion after its site's first. */
const urls = new Map();
function urlOf(file) {
  let url = urls.get(file);
  if (url === undefined) {
    url = file.startsWith('file:') ? file : safe(() => require('url').pathToFileURL(file).href, file);
    if (urls.size < 5000) urls.set(file, url);
  }
  return url;
}

function toSite(frame, file, fromDependency) {
  const line = frame.getLineNumber() || 0;
  const column = frame.getColumnNumber() || 0;
  const url = urlOf(file);
  const functionName = frame.getFunctionName() || frame.getMethodName() || '(anonymous)';
  return { key: url + ':' + line + ':' + column + ':' + functionName, functionName, url, line, column, fromDependency };
}

/**
 * Reading a stack costs more than a fast query (tens to hundreds of microseconds on a deep async stack), so the site
 * of a query shape is read for its first 8 runs and then one run in 16; the runs between are given the site last read
 * for their shape. A shape run from several lines is split between them by those samples.
 */
function createSiteSampler(first, every) {
  const seen = new Map();
  return (shape, capture) => {
    let s = seen.get(shape);
    if (!s) {
      if (seen.size >= 2000) seen.clear();
      s = { n: 0, site: null };
      seen.set(shape, s);
    }
    s.n++;
    if (s.n <= first || s.n % every === 0 || !s.site) {
      const site = capture();
      if (site) s.site = site;
      return site;
    }
    return s.site;
  };
}

/** Raw stacks of the app's calls into an ORM, formatted only when a site is read inside one (entrySite). */
let entries = null;
/** The app's line is the ORM method's caller, or a frame or two further (a base class's method, a helper). */
const ENTRY_DEPTH = 12;

/** The raw stack of the app's call into an ORM (below `below`, the wrapper), formatted later if ever read; null if none. */
function keepStack(below) {
  const holder = {};
  const prevLimit = Error.stackTraceLimit;
  try {
    Error.stackTraceLimit = ENTRY_DEPTH;
    Error.captureStackTrace(holder, below);
    return holder;
  } catch {
    return null;
  } finally {
    Error.stackTraceLimit = prevLimit;
  }
}

/** Run `run` with `holder` (keepStack's) as the app's call for the queries it starts. */
function runWithStack(holder, run) {
  if (!holder) return run();
  if (!entries) entries = new (require('async_hooks').AsyncLocalStorage)();
  return entries.run(holder, run);
}

/**
 * Run `run` (an ORM entry point called by the app) with the app's stack kept for the queries it starts; `below` is the
 * wrapper, left out of the stack. A call made from inside another (findOne calling findAll) keeps the outer one's.
 */
function withEntrySite(below, run) {
  if (entries && entries.getStore()) return run();
  return runWithStack(keepStack(below), run);
}

/** The app's line of the ORM call being served here, or null (not inside one, or its caller is not the app's). */
function entrySite() {
  const holder = entries && entries.getStore();
  if (!holder) return null;
  if (!('site' in holder)) {
    const desc = Object.getOwnPropertyDescriptor(Error, 'prepareStackTrace');
    let frames;
    try {
      // V8 formats a captured stack when it is first read, with the prepareStackTrace of that moment.
      Error.prepareStackTrace = (_e, callsites) => callsites;
      frames = holder.stack;
    } catch {
      frames = null;
    } finally {
      if (desc) Object.defineProperty(Error, 'prepareStackTrace', desc);
      else delete Error.prepareStackTrace;
    }
    const site = Array.isArray(frames) ? siteOfFrames(frames) : null;
    holder.site = site && !site.fromDependency ? site : null;
  }
  return holder.site;
}

function stopEntrySites() {
  if (entries) entries.disable();
  entries = null;
}

module.exports = { captureSite, createSiteSampler, keepStack, runWithStack, withEntrySite, entrySite, stopEntrySites };
