'use strict';
// A developer-documentation site: pages are Markdown files rendered to HTML with marked, and each rendered page is
// kept in a bounded lru-cache (at most 100 pages, an hour each) so that marked runs once per page, on its first
// request after start-up or after an hour. Every other request is a cache hit, a Map lookup and a write. Nothing is
// wrong.
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { marked } = require('marked');
const { LRUCache } = require('lru-cache');

const DOCS = path.join(__dirname, 'docs');
const rendered = new LRUCache({ max: 100, ttl: 60 * 60 * 1000 });

function renderPage(slug) {
  let html = rendered.get(slug);
  if (html === undefined) {
    const file = path.join(DOCS, `${slug}.md`);
    if (!/^page-\d+$/.test(slug) || !fs.existsSync(file)) return null;
    html = `<!doctype html><meta charset="utf-8"><title>${slug}</title><main>${marked.parse(fs.readFileSync(file, 'utf8'))}</main>`;
    rendered.set(slug, html);
  }
  return html;
}

const server = http.createServer((req, res) => {
  const m = /^\/docs\/([\w-]+)$/.exec(req.url);
  const html = m && renderPage(m[1]);
  if (!html) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return res.end('no such page');
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html), 'cache-control': 'public, max-age=300' });
  res.end(html);
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-lru-rendered-docs listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
