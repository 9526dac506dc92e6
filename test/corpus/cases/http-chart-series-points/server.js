'use strict';
// A monitoring dashboard's chart API. chartSeries expands the metric's raw samples of the last day into an array of
// small { x, y } point objects with lodash on every chart request, awaits the (in-process, asynchronous) annotation
// and threshold stores while holding them, then downsamples them into the 240 points the chart can draw. Ten requests in flight
// keep hundreds of thousands of short-lived points alive across the awaits.
const http = require('node:http');
const _ = require('lodash');

const SAMPLES = 43200; // one sample every 2 s for a day
const DAY_START = 1772323200000;
const metrics = new Map();
for (const [m, name] of ['cpu', 'latency', 'rps', 'errors'].entries()) {
  const raw = new Float64Array(SAMPLES);
  for (let i = 0; i < SAMPLES; i++) raw[i] = 50 + 40 * Math.sin((i + m * 900) / 700) + ((i * 7919) % 13) / 2;
  metrics.set(name, raw);
}

function loadAnnotations(metric) {
  return new Promise((resolve) => setImmediate(() => resolve([{ x: DAY_START + 3600000 * 9, text: `deploy (${metric})` }])));
}

function loadThresholds(metric) {
  return new Promise((resolve) => setImmediate(() => resolve({ metric, warn: 80, critical: 95 })));
}

async function chartSeries(metric, width) {
  const raw = metrics.get(metric);
  const points = _.map(_.range(SAMPLES), (i) => ({ x: DAY_START + i * 2000, y: raw[i] }));
  const annotations = await loadAnnotations(metric);
  const buckets = _.chunk(points, Math.ceil(points.length / width));
  const thresholds = await loadThresholds(metric);
  const series = _.map(buckets, (bucket) => ({ x: bucket[0].x, y: Math.round(_.meanBy(bucket, 'y') * 100) / 100 }));
  return { metric, points: series, annotations, thresholds };
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const m = /^\/charts\/(\w+)$/.exec(url.pathname);
  if (!m || !metrics.has(m[1])) return send(res, 404, { error: 'no such metric' });
  const width = Math.min(1000, Math.max(10, Number(url.searchParams.get('width')) || 240));
  chartSeries(m[1], width).then(
    (body) => send(res, 200, body),
    (err) => send(res, 500, { error: err.message }),
  );
});
server.keepAliveTimeout = 30000;

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-chart-series-points listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
