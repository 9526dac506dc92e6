'use strict';
// An upload-staging API. stageUpload registers, with signal-exit, a handler that removes the staged file if the
// process exits before the upload is committed - on every request - and never calls the remover it gets back.
// signal-exit (v3) keeps those handlers on its own process-wide EventEmitter, whose listener limit it sets to
// Infinity, so no warning is ever printed while the handlers accumulate.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const Koa = require('koa');
const Router = require('@koa/router');
const onExit = require('signal-exit');

let uploadCounter = 0;

function stageUpload(name, size) {
  const upload = { id: ++uploadCounter, name, size, path: path.join(os.tmpdir(), `staged-${process.pid}-${uploadCounter}`), committed: false };
  onExit(() => {
    if (!upload.committed) fs.rmSync(upload.path, { force: true });
  });
  return upload;
}

function commit(upload) {
  upload.committed = true;
  return { id: upload.id, name: upload.name, size: upload.size };
}

const app = new Koa();
const router = new Router();
router.post('/uploads/:name', (ctx) => {
  const size = Number(ctx.get('content-length') || 0);
  ctx.status = 201;
  ctx.body = commit(stageUpload(ctx.params.name, size));
});
router.get('/health', (ctx) => {
  ctx.body = { ok: true };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-signal-exit listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
