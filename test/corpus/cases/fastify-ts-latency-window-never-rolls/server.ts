// A catalogue API in TypeScript on Fastify, with a home-made latency monitor. Two hooks record every request:
// onSend keeps a preview of the answer and onResponse files a sample (time, route, status, duration, a copy of the
// request's headers, the preview) into a per-second window; GET /internal/latency reads the last 60 windows for p50
// and p99. pruneWindows runs every five seconds to drop windows older than a minute, but the windows are keyed by an
// ISO timestamp string and compared with a number (key < cutoff is always false), so none is ever dropped: every
// request's sample, about a kilobyte with the preview's page, stays for the life of the process.
import Fastify from 'fastify';
import type { FastifyRequest } from 'fastify';

interface Sample {
  at: number;
  route: string;
  method: string;
  status: number;
  ms: number;
  headers: Record<string, unknown>;
  preview: string;
}

const windows = new Map<string, Sample[]>();
const previews = new WeakMap<FastifyRequest, string>();

function windowKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

function recordSample(req: FastifyRequest, status: number, ms: number): void {
  const key = windowKey(Date.now());
  let bucket = windows.get(key);
  if (!bucket) {
    bucket = [];
    windows.set(key, bucket);
  }
  bucket.push({ at: Date.now(), route: req.routeOptions.url ?? req.url, method: req.method, status, ms, headers: { ...req.headers }, preview: previews.get(req) ?? '' });
}

function pruneWindows(): void {
  const cutoff = Date.now() - 60_000;
  for (const key of windows.keys()) {
    if ((key as unknown as number) < cutoff) windows.delete(key);
  }
}
setInterval(pruneWindows, 5000).unref();

function percentiles(): { count: number; p50: number; p99: number } {
  const now = Date.now();
  const recent: number[] = [];
  for (let s = 0; s < 60; s++) for (const sample of windows.get(windowKey(now - s * 1000)) ?? []) recent.push(sample.ms);
  recent.sort((a, b) => a - b);
  const at = (q: number): number => (recent.length ? recent[Math.min(recent.length - 1, Math.floor(q * recent.length))] : 0);
  return { count: recent.length, p50: at(0.5), p99: at(0.99) };
}

const PRODUCTS = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, name: `Product ${i + 1}`, priceCents: 499 + ((i * 37) % 5000), category: ['garden', 'kitchen', 'tools', 'toys'][i % 4], stock: (i * 11) % 60 }));

const app = Fastify({ logger: false });
app.addHook('onSend', async (req, reply, payload) => {
  if (typeof payload === 'string') previews.set(req, payload.slice(0, 600));
  return payload;
});
app.addHook('onResponse', async (req, reply) => {
  recordSample(req, reply.statusCode, reply.elapsedTime);
});

app.get('/products', async (req) => {
  const q = req.query as { category?: string; page?: string };
  const page = Math.max(1, Number(q.page) || 1);
  const list = PRODUCTS.filter((p) => !q.category || p.category === q.category);
  return { page, total: list.length, products: list.slice((page - 1) * 12, page * 12) };
});
app.get('/products/:id', async (req, reply) => {
  const product = PRODUCTS[Number((req.params as { id: string }).id) - 1];
  if (!product) return reply.code(404).send({ error: 'not found' });
  return { ...product, related: PRODUCTS.filter((p) => p.category === product.category).slice(0, 6).map((p) => p.id) };
});
app.get('/internal/latency', async () => percentiles());

await app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(`fastify-ts-latency-window-never-rolls listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);

function shutdown(): void {
  app.close().then(() => process.exit(0), () => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
