'use strict';
// A log analytics endpoint. summariseLogs parses the 5,000 most recent access-log lines (kept compactly in memory)
// into one object per line with its own labels array, yields to the event loop (so as "not to block"), regroups
// copies of the entries per route and status class, yields again, then sorts each group's durations for percentiles
// and throws everything away. With ten requests in flight, each holds tens of thousands of young objects across
// its yields; they survive scavenges, get copied and promoted, and garbage collection takes a large share of the time.
const Koa = require('koa');
const Router = require('@koa/router');

const ROUTES = ['/', '/login', '/cart', '/search', '/product', '/checkout'];
const METHODS = ['GET', 'POST'];
const lines = [];
for (let i = 0; i < 5000; i++) lines.push(`${METHODS[i % 7 === 0 ? 1 : 0]} ${ROUTES[i % ROUTES.length]} ${[200, 200, 200, 304, 404, 500][(i * 7) % 6]} ${3 + ((i * 7919) % 400) / 4}`);

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function summariseLogs(window) {
  const entries = [];
  for (let i = 0; i < lines.length; i++) {
    const [method, route, status, ms] = lines[i].split(' ');
    entries.push({ method, route, status: Number(status), ms: Number(ms), labels: [window, method === 'GET' ? 'read' : 'write'] });
  }
  await nextTurn();
  const groups = new Map();
  for (const e of entries) {
    const key = `${e.route} ${Math.floor(e.status / 100)}xx`;
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push({ ms: e.ms, labels: e.labels.slice(), method: e.method });
  }
  await nextTurn();
  const report = [];
  for (const [key, list] of groups) {
    const sorted = list.map((e) => e.ms).sort((a, b) => a - b);
    report.push({ key, count: list.length, p50: sorted[sorted.length >> 1], p95: sorted[Math.floor(sorted.length * 0.95)] });
  }
  return report.sort((a, b) => b.count - a.count).slice(0, 10);
}

const app = new Koa();
const router = new Router();
router.get('/logs/summary', async (ctx) => {
  ctx.body = await summariseLogs(String(ctx.query.window || '15m'));
});
router.get('/health', (ctx) => {
  ctx.body = { ok: true };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-log-analytics listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
