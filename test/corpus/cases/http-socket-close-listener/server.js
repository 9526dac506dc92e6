'use strict';
// A connection-metrics feature. trackConnection, called for every request, adds a 'close' listener to req.socket to
// count closed connections - but with keep-alive one socket carries thousands of requests, so each long-lived socket
// collects one listener (and one closure over the request's labels) per request. Node warns after ten, then the
// listeners keep piling up until the client disconnects.
const http = require('node:http');

const stats = { open: 0, closed: 0, byRoute: {} };

function trackConnection(req, route) {
  const labels = { route, agent: req.headers['user-agent'] || '-', at: Date.now() };
  req.socket.on('close', () => {
    stats.closed++;
    stats.byRoute[labels.route] = (stats.byRoute[labels.route] || 0) + 1;
  });
}

const server = http.createServer((req, res) => {
  const route = req.url.split('?')[0];
  trackConnection(req, route);
  res.setHeader('content-type', 'application/json');
  if (route === '/ping') return res.end('{"pong":true}');
  if (route === '/stats') return res.end(JSON.stringify(stats));
  res.statusCode = 404;
  res.end('{"error":"not found"}');
});
server.on('connection', () => stats.open++);

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-socket-close-listener listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
