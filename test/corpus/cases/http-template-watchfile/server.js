'use strict';
// An e-mail preview service: /preview/receipt/:order renders the receipt e-mail from templates/receipt.html.
// loadTemplate was written for the designers' hot reload: on every call it registers fs.watchFile(templatePath, ...)
// so that an edited template is re-read, and never unwatches. fs.watchFile keeps one StatWatcher per file and adds
// each call's listener to it, so the template's watcher collects a 'change' listener for every preview request.
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const templatePath = path.join(__dirname, 'templates', 'receipt.html');
let template = fs.readFileSync(templatePath, 'utf8');

function loadTemplate() {
  fs.watchFile(templatePath, { interval: 2000 }, () => {
    template = fs.readFileSync(templatePath, 'utf8');
  });
  return template;
}

function render(text, values) {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key] ?? ''));
}

const server = http.createServer((req, res) => {
  const m = /^\/preview\/receipt\/(\d+)$/.exec(req.url);
  if (!m) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return res.end('not found');
  }
  const html = render(loadTemplate(), { orderId: `A-${m[1]}`, name: 'Sam Example', total: `€${(Number(m[1]) % 300) + 0.99}` });
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
  res.end(html);
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-template-watchfile listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  fs.unwatchFile(templatePath);
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
