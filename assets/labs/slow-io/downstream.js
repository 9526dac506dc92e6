'use strict';
// The slow downstream service of the slow-io lab (think: an inventory, pricing and reviews backend). Started by the
// lab as its own process; every answer takes DOWNSTREAM_DELAY_MS. It listens on a random loopback port, reports the
// port to its parent over IPC, and exits as soon as that channel closes, so it never outlives the lab, even when
// the lab is killed outright.
const http = require('node:http');

const DELAY_MS = Number(process.env.DOWNSTREAM_DELAY_MS || 80);

const server = http.createServer((req, res) => {
  setTimeout(() => {
    const body = JSON.stringify({ path: req.url, value: req.url.length * 7, at: Date.now() });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }, DELAY_MS);
});

if (typeof process.send !== 'function') {
  console.error('downstream.js is started by the slow-io lab (slow.js or fixed.js), not on its own.');
  process.exit(1);
}
process.on('disconnect', () => process.exit(0));
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
