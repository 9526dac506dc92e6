'use strict';
// An API that keeps a live access log: every request writes a line into one process-wide PassThrough (liveLog).
// GET /logs/tail answers with the next five lines: tailLog pipes liveLog into a fresh collector for the request and
// answers once five lines arrived (or after 50 ms), but never unpipes it, so liveLog keeps a 'data' and an 'end'
// listener (and a collector that still receives every later line) for every tail request ever made.
const http = require('node:http');
const { PassThrough, Writable } = require('node:stream');

const liveLog = new PassThrough();

class LineCollector extends Writable {
  constructor(wanted, done) {
    super();
    this.lines = [];
    this.wanted = wanted;
    this.done = done;
  }

  _write(chunk, encoding, callback) {
    if (this.lines.length < this.wanted) {
      this.lines.push(chunk.toString().trimEnd());
      if (this.lines.length === this.wanted) this.done(this.lines);
    }
    callback();
  }
}

function tailLog(wanted) {
  return new Promise((resolve) => {
    let collector;
    const timer = setTimeout(() => resolve(collector.lines.slice()), 50);
    collector = new LineCollector(wanted, (lines) => {
      clearTimeout(timer);
      resolve(lines.slice());
    });
    liveLog.pipe(collector);
  });
}

const items = new Map();
for (let i = 1; i <= 100; i++) items.set(String(i), { id: i, name: `Item ${i}`, stock: (i * 37) % 120 });

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer((req, res) => {
  liveLog.write(`${new Date().toISOString()} ${req.method} ${req.url}\n`);
  if (req.url === '/logs/tail') {
    tailLog(5).then((lines) => send(res, 200, { lines }));
    return;
  }
  const m = /^\/items\/(\d+)$/.exec(req.url);
  if (m && items.has(m[1])) return send(res, 200, items.get(m[1]));
  send(res, 404, { error: 'not found' });
});
server.keepAliveTimeout = 30000;

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-live-tail-pipe listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
