'use strict';
// A document-upload API. checkUploadSize enforces an 8 KB limit by resetting the connection
// (socket.resetAndDestroy) as soon as a request announces a larger body, without sending any response: clients see
// their connection reset. One request in three of the load carries a 16 KB document.
const http = require('node:http');

const LIMIT = 8 * 1024;
let stored = 0;

function checkUploadSize(req) {
  const length = Number(req.headers['content-length'] || 0);
  if (length > LIMIT) {
    req.socket.resetAndDestroy();
    return false;
  }
  return true;
}

const server = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/documents') {
    if (!checkUploadSize(req)) return;
    let size = 0;
    req.on('data', (chunk) => (size += chunk.length));
    req.on('end', () => {
      stored++;
      const body = JSON.stringify({ stored: true, size, count: stored });
      res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    return;
  }
  const ok = req.url === '/health';
  res.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' });
  res.end(JSON.stringify(ok ? { ok: true } : { error: 'not found' }));
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-upload-reset listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
