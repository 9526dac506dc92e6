// An analytics API, an ES module on Fastify. GET /reports/:id answers a large JSON report (about 1.5 MB: a year of
// daily rows for 40 metrics, built once at start) compressed per request by compressReport with zlib.gzip at level 9,
// the slowest level, asynchronously: the deflate work runs on libuv's threadpool (four threads), so the event loop
// stays free while concurrent requests queue for the threads. Level 6 (or caching the compressed body, which never
// changes) would do; the time goes to compressing the same bytes again at maximum effort.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Fastify from 'fastify';

const gzip = promisify(zlib.gzip);

const reports = new Map();
for (let r = 1; r <= 4; r++) {
  const days = Array.from({ length: 365 }, (_, d) => {
    const row = { day: new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10) };
    for (let m = 0; m < 40; m++) row[`metric_${m}`] = Math.round(((d * 7919 + m * 104729 + r * 31) % 100000) * 1.37) / 100;
    return row;
  });
  reports.set(String(r), JSON.stringify({ report: r, title: `Report ${r}`, days }));
}

async function compressReport(json) {
  return gzip(json, { level: 9 });
}

const app = Fastify();
app.get('/reports/:id', async (req, reply) => {
  const json = reports.get(req.params.id);
  if (!json) return reply.code(404).send({ error: 'no such report' });
  const body = await compressReport(json);
  return reply.header('content-type', 'application/json').header('content-encoding', 'gzip').send(body);
});

const address = await app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
console.log(`fastify-esm-gzip9-report-bodies listening on ${address}`);
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  app.close().finally(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
