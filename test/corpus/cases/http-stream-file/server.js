'use strict';
// A catalogue download service: GET /catalog.ndjson streams a 100 KB file from disk with fs.createReadStream and
// stream.pipeline, with back-pressure, never holding it in memory. Requests take a little while to transfer, but the
// server does very little work per request.
const fs = require('node:fs');
const path = require('node:path');
const http = require('node:http');
const { pipeline } = require('node:stream');

const FILE = path.join(__dirname, 'data', 'catalog.ndjson');
const size = fs.statSync(FILE).size;

const server = http.createServer((req, res) => {
  if (req.url === '/catalog.ndjson') {
    res.writeHead(200, { 'content-type': 'application/x-ndjson', 'content-length': size });
    pipeline(fs.createReadStream(FILE), res, () => {});
    return;
  }
  const ok = req.url === '/health';
  res.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' });
  res.end(JSON.stringify(ok ? { ok: true, size } : { error: 'not found' }));
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-stream-file listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
