'use strict';
// The app's inspector, opened by the probe on loopback so that the engine can attach a profiling session to it.
const { safe } = require('./util.cjs');

function openInspector(attached) {
  let inspector;
  try {
    inspector = require('inspector');
  } catch (err) {
    return { type: 'inspector', error: 'inspector not available: ' + (err && err.message) };
  }
  try {
    if (!inspector.url()) inspector.open(0, '127.0.0.1', false);
  } catch (err) {
    if (!inspector.url()) return { type: 'inspector', error: String(err && err.message) };
  }
  const url = inspector.url();
  if (!url) return { type: 'inspector', error: 'the inspector did not start' };
  // A process that is exiting (an uncaught exception, process.exit) with an inspector client attached waits for
  // that client to disconnect ("Waiting for the debugger to disconnect..."): our profiler session would keep a
  // crashed app alive. Closing the inspector on exit lets it die as it would without us.
  if (!attached) process.on('exit', () => safe(() => inspector.close()));
  // We open it on 127.0.0.1 ourselves; an inspector the user already opened elsewhere is reported, not used.
  const host = safe(() => new URL(url).hostname, '');
  if (host !== '127.0.0.1') return { type: 'inspector', error: 'the inspector listens on ' + host + ', not on 127.0.0.1' };
  return { type: 'inspector', url };
}

module.exports = { openInspector };
