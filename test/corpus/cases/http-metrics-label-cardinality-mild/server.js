'use strict';
// A stock API with a home-made metrics registry. observeLatency records each request in a latency histogram
// labelled by route, status, path and, by mistake, the request id: every request creates a new time series (its
// labels, bucket counts and exemplar), kept for the next scrape of /metrics and never dropped.
const http = require('node:http');

const BUCKETS = [0.5, 1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000];
const series = new Map();
let requestCounter = 0;

function observeLatency(labels, ms) {
  const key = Object.entries(labels).map(([k, v]) => `${k}="${v}"`).join(',');
  let s = series.get(key);
  if (!s) {
    s = { labels: { ...labels }, key, buckets: new Array(BUCKETS.length).fill(0), count: 0, sum: 0 };
    series.set(key, s);
  }
  for (let i = 0; i < BUCKETS.length; i++) if (ms <= BUCKETS[i]) s.buckets[i]++;
  s.count++;
  s.sum += ms;
  s.exemplar = { value: ms, at: Date.now() };
}

const STOCK = { 'ABC-1': 12, 'XYZ-9': 0, 'QRS-4': 40 };

const server = http.createServer((req, res) => {
  const started = process.hrtime.bigint();
  const requestId = `req-${(++requestCounter).toString(36).padStart(8, '0')}`;
  const match = /^\/api\/stock\/([A-Z0-9-]+)$/.exec(req.url);
  const status = match && match[1] in STOCK ? 200 : 404;
  const body = status === 200 ? JSON.stringify({ sku: match[1], onHand: STOCK[match[1]], requestId }) : '{"error":"unknown sku"}';
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': requestId });
  res.end(body);
  observeLatency({ route: '/api/stock/:sku', method: req.method, status, path: req.url, requestId }, Number(process.hrtime.bigint() - started) / 1e6);
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-metrics-label-cardinality-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
