'use strict';
// A catalogue API on Express that keeps its own latency statistics: every request's duration goes into a buffer, and
// once a second flushStats logs the second's figures. Below 50 requests it logs only the mean (percentiles of a
// handful of samples mean little); from 50 on it logs p50, p99 and max, and its percentile helper indexes one past
// the end for the maximum (Math.ceil(1 * n) = n). So the first busy second throws a TypeError inside a timer
// callback, where nothing catches it, and the process dies; at a few requests a second it never happens.
const express = require('express');

const products = [];
for (let i = 0; i < 200; i++) products.push({ id: i, name: `Product ${i}`, price: 5 + ((i * 37) % 300), tags: [`t${i % 9}`, `t${i % 4}`] });

const PERCENTILES_FROM = 50;
let durations = [];

function percentile(sorted, p) {
  return sorted[Math.ceil(p * sorted.length)];
}

function flushStats() {
  if (durations.length === 0) return;
  const sorted = durations.sort((a, b) => a - b);
  durations = [];
  const line = { n: sorted.length, mean: (sorted.reduce((s, d) => s + d, 0) / sorted.length).toFixed(2) };
  if (sorted.length >= PERCENTILES_FROM) {
    Object.assign(line, { p50: percentile(sorted, 0.5).toFixed(2), p99: percentile(sorted, 0.99).toFixed(2), max: percentile(sorted, 1).toFixed(2) });
  }
  process.stderr.write(`latency ${JSON.stringify(line)}\n`);
}
const flusher = setInterval(flushStats, 1000);

function recordDuration(req, res, next) {
  const started = process.hrtime.bigint();
  res.on('finish', () => durations.push(Number(process.hrtime.bigint() - started) / 1e6));
  next();
}

const app = express();
app.disable('x-powered-by');
app.use(recordDuration);
app.get('/products/:id', (req, res) => {
  const p = products[Number(req.params.id)];
  if (!p) return res.status(404).json({ error: 'no such product' });
  res.json(p);
});
app.get('/products', (req, res) => {
  const tag = String(req.query.tag || '');
  res.json(products.filter((p) => p.tags.includes(tag)).slice(0, 20));
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-stats-flush-percentile-crash listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  clearInterval(flusher);
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
