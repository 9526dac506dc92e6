'use strict';
// A price API that asks a pricing backend (20 ms per answer) for every request. fetchPrice goes through a shared
// keep-alive http.Agent limited to maxSockets: 2 (copied from a client library example), so with 20 clients at once
// the requests queue for one of the two sockets: each waits ~10 backend round-trips while the event loop idles.
const http = require('node:http');

// The slow backend runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let downstreamPort;

const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });

function fetchPrice(sku) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: downstreamPort, path: `/prices/${encodeURIComponent(sku)}`, agent }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (data += chunk));
      res.on('end', () => {
        try {
          resolve(JSON.parse(data));
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on('error', reject);
  });
}

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const server = http.createServer(async (req, res) => {
  const m = /^\/prices\/([\w-]+)$/.exec(req.url);
  if (!m) return sendJson(res, req.url === '/health' ? 200 : 404, { ok: req.url === '/health' });
  try {
    const price = await fetchPrice(m[1]);
    sendJson(res, 200, { sku: m[1], price: price.value / 10 });
  } catch (err) {
    sendJson(res, 502, { error: err.message });
  }
});

function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  const closed = server.listening
    ? new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      })
    : Promise.resolve();
  Promise.all([closed, stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(20).then(
  (port) => {
    downstreamPort = port;
    server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`http-agent-maxsockets-2 listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
