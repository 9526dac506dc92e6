'use strict';
// A metrics dashboard API. For every /stats request buildDailyStats expands the 12,000 compact in-memory samples
// into short-lived event objects (each with its own tags array), groups copies of them into per-key arrays, maps and
// sorts each group for percentiles, and throws all of it away. It politely yields to the event loop between its
// stages (setImmediate), so the ten requests in flight each hold tens of thousands of young objects across the
// yields: they survive scavenges, get copied and promoted, and the garbage collector does a large share of the work.
const http = require('node:http');

const SERVICES = ['api', 'auth', 'billing', 'search', 'media', 'mail', 'queue', 'cache'];
const KEYS = SERVICES.map((service) => Array.from({ length: 24 }, (_, hour) => `${service}/${hour}`));
const SHARDS = Array.from({ length: 16 }, (_, i) => `shard:${i}`);
const samples = new Float64Array(12000);
for (let i = 0; i < samples.length; i++) samples[i] = 5 + ((i * 7919) % 1000) / 10;

async function buildDailyStats(day) {
  const dayTag = `day:${day}`;
  const events = [];
  for (let i = 0; i < samples.length; i++) {
    const service = i % SERVICES.length;
    const hour = (i + day) % 24;
    events.push({ service: SERVICES[service], hour, key: KEYS[service][hour], latency: samples[i], tags: [dayTag, SHARDS[i % 16]], ok: i % 50 !== 0 });
  }
  await new Promise((resolve) => setImmediate(resolve));
  const groups = new Map();
  for (const e of events) {
    let list = groups.get(e.key);
    if (!list) groups.set(e.key, (list = []));
    list.push({ latency: e.latency, ok: e.ok, tags: e.tags.slice() });
  }
  await new Promise((resolve) => setImmediate(resolve));
  const summary = [];
  for (const [key, list] of groups) {
    const sorted = list.map((e) => e.latency).sort((a, b) => a - b);
    summary.push({ key, count: list.length, p50: sorted[sorted.length >> 1], p99: sorted[Math.floor(sorted.length * 0.99)], errors: list.filter((e) => !e.ok).length });
  }
  return summary.slice(0, 20);
}

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/stats') return buildDailyStats(Number(url.searchParams.get('day') || 1)).then((v) => sendJson(res, 200, v));
  if (url.pathname === '/health') return sendJson(res, 200, { ok: true });
  sendJson(res, 404, { error: 'not found' });
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-alloc-heavy listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
