'use strict';
// The asynchronous module hooks of the start-up probe (module.register, Node 20.6 to 22.14), run on Node's loader
// thread; the timing travels to the app's thread inside the markers placed in each module's source (startup-esm.cjs).
const { performance } = require('perf_hooks');
const { createHooks } = require('./startup-esm.cjs');

const hooks = createHooks(
  () => performance.now(),
  () => performance.timeOrigin + performance.now(),
);

// Named exports the way Node's CommonJS export detection sees them, so the loader finds `resolve` and `load`.
exports.resolve = hooks.resolve;
exports.load = hooks.load;
