'use strict';
// A receipts API. Receipts are rendered in one long-lived worker thread; renderInWorker matches replies by job id
// (pending jobs are removed when answered), but also adds an 'error' listener to the shared Worker on every call and
// never removes it, so the Worker collects one listener per request.
const { Worker } = require('node:worker_threads');
const Koa = require('koa');
const Router = require('@koa/router');

// The worker renders a receipt as plain text from the order it is sent.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, order }) => {
  const lines = order.lines.map((l) => l.name.padEnd(24) + String(l.qty).padStart(3) + (l.priceCents * l.qty / 100).toFixed(2).padStart(10));
  const total = order.lines.reduce((n, l) => n + l.priceCents * l.qty, 0);
  parentPort.postMessage({ id, text: ['Receipt ' + order.id, ...lines, 'Total'.padEnd(27) + (total / 100).toFixed(2).padStart(10)].join('\\n') });
});
`;
// A clean worker: no inherited flags or preloads.
const renderWorker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [] });

const pending = new Map();
let nextJob = 1;
renderWorker.on('message', ({ id, text }) => {
  const job = pending.get(id);
  if (!job) return;
  pending.delete(id);
  job.resolve(text);
});

function renderInWorker(order) {
  return new Promise((resolve, reject) => {
    const id = nextJob++;
    pending.set(id, { resolve });
    renderWorker.on('error', reject);
    renderWorker.postMessage({ id, order });
  });
}

const orders = new Map();
for (let i = 1000; i < 3000; i++) {
  orders.set(String(i), { id: i, lines: Array.from({ length: 3 + (i % 5) }, (_x, j) => ({ name: `Item ${(i * 7 + j) % 300}`, qty: 1 + (j % 3), priceCents: 199 + ((i + j * 13) % 4000) })) });
}

const app = new Koa();
const router = new Router();
router.get('/receipts/:id', async (ctx) => {
  const order = orders.get(ctx.params.id);
  if (!order) ctx.throw(404, 'no such order');
  ctx.type = 'text/plain';
  ctx.body = await renderInWorker(order);
});
app.use(router.routes());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-render-worker-error-listener listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => renderWorker.terminate().then(() => process.exit(0)));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
