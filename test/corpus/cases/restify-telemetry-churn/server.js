'use strict';
// A telemetry ingestion endpoint. ingestBatch expands each posted batch into a simulated window of 2,000 points
// (interpolated between the reported samples), wrapping every point in throwaway objects (a normalised copy with its
// own tag object, an enriched copy), hands them to the asynchronous aggregate store (which answers on a later turn of
// the event loop) and only then folds them into five numbers per key. With ten batches in flight, each holding its
// thousands of fresh objects across the await, the young objects survive scavenges, get copied and promoted, and the
// garbage collector does a large share of the work.
const restify = require('restify');

const aggregates = new Map();

function aggregateStore(points) {
  // Stands in for an asynchronous store client; resolves on a later turn of the event loop.
  return new Promise((resolve) => setImmediate(() => resolve(points)));
}

async function ingestBatch(batch) {
  const points = [];
  for (let i = 0; i < 2000; i++) {
    const s = batch.samples[i % batch.samples.length];
    const point = { device: batch.device, metric: s.metric, value: s.value + (i % 10) / 10, at: batch.at + i * 50 };
    const normalised = { device: point.device, metric: point.metric.toLowerCase(), value: point.value, at: point.at, tags: { fw: batch.fw, site: batch.site, slot: i % 8 } };
    points.push({ ...normalised, key: `${normalised.device}:${normalised.metric}`, bucket: Math.floor(normalised.at / 1000) });
  }
  const stored = await aggregateStore(points);
  const byKey = new Map();
  for (const p of stored) {
    let agg = byKey.get(p.key);
    if (!agg) byKey.set(p.key, (agg = { n: 0, sum: 0, min: Infinity, max: -Infinity, values: [] }));
    agg.n++;
    agg.sum += p.value;
    agg.min = Math.min(agg.min, p.value);
    agg.max = Math.max(agg.max, p.value);
    agg.values.push({ at: p.at, value: p.value });
  }
  for (const [key, agg] of byKey) aggregates.set(key, { n: agg.n, mean: agg.sum / agg.n, min: agg.min, max: agg.max, last: agg.values[agg.values.length - 1].value });
  return byKey.size;
}

const server = restify.createServer({ name: 'restify-telemetry-churn' });
server.use(restify.plugins.bodyParser());
server.post('/ingest', async (req, res) => {
  const keys = await ingestBatch(req.body);
  res.send(202, { accepted: true, keys });
});
server.get('/aggregates', (req, res, next) => {
  res.send({ keys: aggregates.size });
  next();
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`restify-telemetry-churn listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
