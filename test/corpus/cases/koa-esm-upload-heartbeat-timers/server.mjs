// A document service's upload API, an ES module (server.mjs) on Koa. Each upload gets a progress heartbeat
// (watchUpload: a setInterval every 30 s that reports the upload to a status board while it is processing). The
// heartbeat was meant to stop when the upload finishes, but finishUpload clears the upload's id instead of the
// interval's handle, so every interval stays scheduled for ever and keeps its closure, the upload and its body.
import Koa from 'koa';
import Router from '@koa/router';

const HEARTBEAT_MS = 30_000;
const statusBoard = new Map(); // latest status per document kind, bounded by the kinds
let nextUploadId = 1;

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function watchUpload(upload) {
  upload.heartbeat = setInterval(() => {
    statusBoard.set(upload.kind, { id: upload.id, bytes: upload.body.length, done: upload.done, at: Date.now() });
  }, HEARTBEAT_MS);
}

function finishUpload(upload) {
  upload.done = true;
  clearInterval(upload.id); // meant: clearInterval(upload.heartbeat)
}

function checksum(buf) {
  let sum = 0;
  for (let i = 0; i < buf.length; i++) sum = (sum * 31 + buf[i]) >>> 0;
  return sum.toString(16);
}

const router = new Router();
router.post('/uploads/:kind', async (ctx) => {
  const body = await readBody(ctx.req);
  const upload = { id: nextUploadId++, kind: ctx.params.kind, body, done: false, heartbeat: null };
  watchUpload(upload);
  const sum = checksum(body);
  finishUpload(upload);
  ctx.status = 201;
  ctx.body = { id: upload.id, bytes: body.length, checksum: sum };
});
router.get('/status', (ctx) => {
  ctx.body = Object.fromEntries(statusBoard);
});

const app = new Koa();
app.use(router.routes());
const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-esm-upload-heartbeat-timers listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
