'use strict';
// A notification endpoint for long-polling clients: /updates holds each request for a fixed 250 ms (a timer, not
// work) and then answers that nothing changed, as intended. The server idles while its clients wait.
const http = require('node:http');

const HOLD_MS = 250;
const pending = new Set();

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname !== '/updates') return res.writeHead(404).end();
  const since = Number(url.searchParams.get('since') || 0);
  const timer = setTimeout(() => {
    pending.delete(timer);
    const body = JSON.stringify({ since, changes: [], retryAfterMs: 0 });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
    res.end(body);
  }, HOLD_MS);
  pending.add(timer);
  res.on('close', () => {
    clearTimeout(timer);
    pending.delete(timer);
  });
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-longpoll-fixed-wait listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  for (const timer of pending) clearTimeout(timer);
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
