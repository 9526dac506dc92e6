'use strict';
// A documentation site. renderDocs turns the page's Markdown into HTML with marked on every request, although the
// three pages never change while the server runs (rendering each once at start-up would do).
const fs = require('node:fs');
const path = require('node:path');
const Koa = require('koa');
const Router = require('@koa/router');
const { marked } = require('marked');

const pages = {};
for (const name of ['install', 'configure', 'deploy']) pages[name] = fs.readFileSync(path.join(__dirname, 'docs', `${name}.md`), 'utf8');

function renderDocs(name) {
  const html = marked.parse(pages[name]);
  return `<!doctype html><html><head><title>${name}</title></head><body><nav><a href="/docs/install">Install</a></nav><main>${html}</main></body></html>`;
}

const app = new Koa();
const router = new Router();
router.get('/docs/:page', (ctx) => {
  if (!Object.hasOwn(pages, ctx.params.page)) ctx.throw(404, 'no such page');
  ctx.type = 'html';
  ctx.body = renderDocs(ctx.params.page);
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-markdown-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
