'use strict';
// A help centre on restify. Articles are Markdown files shipped with the app, read from disk once at start; they
// change only with a deploy. GET /help/:slug renders the article to HTML for every view: renderArticle runs marked over
// the whole 9 KB document each time, though the HTML is the same for every reader until the next deploy, so it could
// be rendered once (at start or on first view) and kept. GET /help/:slug/meta answers the article's title and size.
const fs = require('node:fs');
const path = require('node:path');
const restify = require('restify');
const { marked } = require('marked');

const articles = new Map();
for (const file of fs.readdirSync(path.join(__dirname, 'docs'))) {
  const text = fs.readFileSync(path.join(__dirname, 'docs', file), 'utf8');
  articles.set(path.basename(file, '.md'), { text, title: text.split('\n', 1)[0].replace(/^#\s*/, '') });
}

function renderArticle(article) {
  const body = marked.parse(article.text);
  return `<!doctype html><html><head><title>${article.title} - Help</title></head><body><main class="article">${body}</main></body></html>`;
}

const server = restify.createServer({ name: 'help-centre' });
server.get('/help/:slug', (req, res, next) => {
  const article = articles.get(req.params.slug);
  if (!article) {
    res.send(404, { error: 'no such article' });
    return next();
  }
  const html = renderArticle(article);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
  res.end(html);
  return next();
});
server.get('/help/:slug/meta', (req, res, next) => {
  const article = articles.get(req.params.slug);
  if (!article) res.send(404, { error: 'no such article' });
  else res.send({ slug: req.params.slug, title: article.title, bytes: Buffer.byteLength(article.text) });
  return next();
});
server.get('/health', (req, res, next) => {
  res.send({ ok: true });
  return next();
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`restify-marked-help-article-per-view listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  if (!server.server.listening) process.exit(0);
  server.close(() => process.exit(0));
  if (server.server.closeAllConnections) server.server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
