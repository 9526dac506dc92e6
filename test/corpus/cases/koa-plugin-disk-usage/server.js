'use strict';
// A plugin admin API. /plugins/usage shows how much disk each installed plugin takes: measurePluginSizes walks the
// plugin folders (a few thousand files) with fs.readdirSync and fs.statSync on every request, on the main thread, so
// each walk holds the event loop for tens of milliseconds and the cheap /plugins requests wait behind it.
const fs = require('node:fs');
const path = require('node:path');
const Koa = require('koa');
const Router = require('@koa/router');

// The "plugins" are packages installed next to the app (fixed for a checkout, so the work is deterministic).
const PLUGINS = ['lodash', 'ajv', 'fastify', 'handlebars', 'winston', 'express', 'js-yaml', 'marked', 'svelte', 'eslint', 'restify', 'typescript', 'autocannon', 'playwright-core'].map((name) => ({
  name,
  dir: path.dirname(require.resolve(`${name}/package.json`)),
  version: require(`${name}/package.json`).version,
}));

function walkSync(dir) {
  let bytes = 0;
  let files = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const sub = walkSync(full);
      bytes += sub.bytes;
      files += sub.files;
    } else {
      bytes += fs.statSync(full).size;
      files++;
    }
  }
  return { bytes, files };
}

function measurePluginSizes() {
  return PLUGINS.map((p) => ({ name: p.name, ...walkSync(p.dir) }));
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/plugins', (ctx) => {
  ctx.body = PLUGINS.map((p) => ({ name: p.name, version: p.version }));
});
router.get('/plugins/usage', (ctx) => {
  const sizes = measurePluginSizes();
  ctx.body = { total: sizes.reduce((sum, s) => sum + s.bytes, 0), plugins: sizes };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-plugin-disk-usage listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
