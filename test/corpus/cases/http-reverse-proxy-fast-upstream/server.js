'use strict';
// A small reverse proxy: /api/ requests are forwarded to the catalogue service over a keep-alive agent and the answer
// is streamed back with pipe. One quick outbound call per request and no buffering: nothing is wrong.
const http = require('node:http');

// The upstream runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let upstreamPort;
const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
const PASSED_HEADERS = ['accept', 'accept-language', 'authorization', 'if-none-match', 'user-agent'];

function forward(req, res) {
  const headers = { 'x-forwarded-for': req.socket.remoteAddress, 'x-forwarded-proto': 'http' };
  for (const name of PASSED_HEADERS) if (req.headers[name]) headers[name] = req.headers[name];
  const upstream = http.request({ host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url.slice('/api'.length), headers, agent }, (answer) => {
    res.writeHead(answer.statusCode, { 'content-type': answer.headers['content-type'] || 'application/octet-stream', via: '1.1 catalogue-proxy' });
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
    res.end('{"error":"upstream unavailable"}');
  });
  req.pipe(upstream);
}

const server = http.createServer((req, res) => {
  if (req.url.startsWith('/api/')) return forward(req, res);
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end('{"error":"not found"}');
});

function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeAllConnections();
  Promise.all([closed, stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(5).then(
  (port) => {
    upstreamPort = port;
    server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`http-reverse-proxy-fast-upstream listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
