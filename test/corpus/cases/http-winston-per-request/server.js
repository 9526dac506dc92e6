'use strict';
// An API that creates a winston logger per request, to stamp every line with the request id. The logger is
// configured with an exceptionHandlers transport, and winston's ExceptionHandler adds a process 'uncaughtException'
// listener for every logger it handles. Nothing closes the loggers, so a listener (and its logger) is left on
// `process` for every request.
const http = require('node:http');
const { Writable } = require('node:stream');
const winston = require('winston');

const sink = new Writable({ write(chunk, encoding, callback) { callback(); } });
sink.setMaxListeners(0);
let requestCounter = 0;

function createRequestLogger(requestId) {
  return winston.createLogger({
    level: 'info',
    defaultMeta: { requestId },
    format: winston.format.json(),
    transports: [new winston.transports.Stream({ stream: sink })],
    exceptionHandlers: [new winston.transports.Stream({ stream: sink })],
  });
}

const server = http.createServer((req, res) => {
  const log = createRequestLogger(`req-${++requestCounter}`);
  log.info('request', { method: req.method, url: req.url });
  const body = JSON.stringify({ ok: true, url: req.url });
  res.writeHead(req.url === '/health' || req.url.startsWith('/orders') ? 200 : 404, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-winston-per-request listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
