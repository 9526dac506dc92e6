'use strict';
// The app's line that made a call: the first frame of a synchronous stack outside Node core and the probe, preferring
// the app's own code over node_modules. The same rules as the outbound-HTTP sites (io-wait.cjs), for the database.
const { safe } = require('./util.cjs');

const PROBE_DIR = __dirname + require('path').sep;
const isDependency = (file) => /[\\/]node_modules[\\/]/.test(file);
const isOurs = (file) => !file || file.startsWith(PROBE_DIR) || file.startsWith('node:') || file.startsWith('internal/') || !/[\\/]/.test(file);

/** Call sites of the current stack, below `below` (a function of ours on it); null when there is no stack to read. */
function captureSite(below) {
  const prevLimit = Error.stackTraceLimit;
  const desc = Object.getOwnPropertyDescriptor(Error, 'prepareStackTrace');
  let frames;
  try {
    Error.stackTraceLimit = 32;
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
  let dependency = null;
  for (let i = 0; i < frames.length; i++) {
    const file = safe(() => frames[i].getFileName(), '');
    if (isOurs(file)) continue;
    const inDeps = isDependency(file);
    if (inDeps && dependency) continue;
    const site = toSite(frames[i], file, inDeps);
    if (site.functionName === '(anonymous)') site.calledFrom = namedCaller(frames, i + 1, file);
    if (!inDeps) {
      // A query run through the app's own helper (a repository's findById) is run for the function that called it.
      site.via = appCallerAbove(frames, i + 1, site.functionName === '(anonymous)' ? site.calledFrom : undefined, site.calledFrom || site.functionName);
      return site;
    }
    dependency = site;
  }
  return dependency;
}

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

function toSite(frame, file, fromDependency) {
  const line = frame.getLineNumber() || 0;
  const column = frame.getColumnNumber() || 0;
  const url = file.startsWith('file:') ? file : safe(() => require('url').pathToFileURL(file).href, file);
  const functionName = frame.getFunctionName() || frame.getMethodName() || '(anonymous)';
  return { key: url + ':' + line + ':' + column + ':' + functionName, functionName, url, line, column, fromDependency };
}

module.exports = { captureSite };
