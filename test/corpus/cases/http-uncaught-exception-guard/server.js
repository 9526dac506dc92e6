'use strict';
// A PDF-stamping API whose handler wraps each request in a home-made "crash guard": guardRequest registers
// process.on('uncaughtException', ...) so that, if anything in the request throws asynchronously, the client still gets
// a 500 instead of a dropped connection. The listener was meant to be removed when the response finishes, but the
// removal was lost in a refactor, so every request leaves one listener (and a closure over its response) on process.
// Node warns after ten; the listeners keep piling up by thousands a second.
const http = require('node:http');

function guardRequest(res) {
  const onCrash = (err) => {
    if (!res.headersSent) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'internal error', detail: err.message }));
    }
  };
  process.on('uncaughtException', onCrash);
}

function stampDocument(docId, stamp) {
  return { docId, stamp, pages: (docId.length * 7) % 30 + 1, stampedAt: '2026-11-24T09:00:00Z' };
}

const server = http.createServer((req, res) => {
  const m = /^\/documents\/([\w-]+)\/stamp\?text=([\w-]+)$/.exec(req.url);
  if (req.url === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end('{"ok":true}');
  }
  if (!m) {
    res.writeHead(404, { 'content-type': 'application/json' });
    return res.end('{"error":"not found"}');
  }
  guardRequest(res);
  setImmediate(() => {
    const body = JSON.stringify(stampDocument(m[1], m[2]));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-uncaught-exception-guard listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
