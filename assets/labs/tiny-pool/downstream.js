'use strict';
// The pricing service the tiny-pool lab calls: every answer takes DOWNSTREAM_DELAY_MS (20 ms), whatever the load,
// as a well-behaved backend does. Started by the lab as its own process; it listens on a random loopback port,
// reports the port to its parent over IPC, and exits as soon as that channel closes, so it never outlives the lab.
const http = require('node:http');

const DELAY_MS = Number(process.env.DOWNSTREAM_DELAY_MS || 20);

const server = http.createServer((req, res) => {
  setTimeout(() => {
    const sku = req.url.split('/').pop();
    const body = JSON.stringify({ sku, price: 100 + (sku.length * 37) % 900, currency: 'EUR' });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }, DELAY_MS);
});
server.keepAliveTimeout = 30_000;

if (typeof process.send !== 'function') {
  console.error('downstream.js is started by the tiny-pool lab (slow.js or fixed.js), not on its own.');
  process.exit(1);
}
process.on('disconnect', () => process.exit(0));
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
