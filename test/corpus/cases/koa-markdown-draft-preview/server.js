'use strict';
// A documentation editor's preview service on Koa: the editor POSTs the draft it holds and gets the rendered HTML
// back. Each draft is new text, so there is nothing to cache; marked is configured once at start, the body is
// limited to 64 KB and the render (about a millisecond for a few pages) is the work the service exists to do.
const Koa = require('koa');
const Router = require('@koa/router');
const { Marked } = require('marked');

const marked = new Marked({ gfm: true, breaks: false });
const MAX_BODY = 64 * 1024;

function readBody(ctx) {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks = [];
    ctx.req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) reject(Object.assign(new Error('draft too large'), { status: 413 }));
      else chunks.push(c);
    });
    ctx.req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    ctx.req.on('error', reject);
  });
}

function renderPreview(markdown) {
  return marked.parse(markdown);
}

const router = new Router();
router.post('/preview', async (ctx) => {
  const draft = await readBody(ctx);
  ctx.type = 'html';
  ctx.body = renderPreview(draft);
});
router.get('/health', (ctx) => {
  ctx.body = { ok: true };
});

const app = new Koa();
app.use(async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    ctx.status = err.status || 500;
    ctx.body = { error: err.message };
  }
});
app.use(router.routes());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-markdown-draft-preview listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
