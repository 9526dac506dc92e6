'use strict';
// The slow backend of the I/O cases, started by backend.js as its own process (a clean Node: no inherited flags). Every
// answer takes DOWNSTREAM_DELAY_MS (or ?delay=ms). It listens on a random loopback port, reports the port to its
// parent over IPC and exits as soon as that channel closes, so it never outlives the server.
const http = require('node:http');

const DELAY_MS = Number(process.env.DOWNSTREAM_DELAY_MS || 50);

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const delay = url.searchParams.has('delay') ? Number(url.searchParams.get('delay')) : DELAY_MS;
  setTimeout(() => {
    const body = JSON.stringify({ path: url.pathname, value: url.pathname.length * 7, at: Date.now() });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }, delay);
});
server.keepAliveTimeout = 30000;

if (typeof process.send !== 'function') {
  console.error('downstream.js is started by server.js, not on its own.');
  process.exit(1);
}
process.on('disconnect', () => process.exit(0));
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
