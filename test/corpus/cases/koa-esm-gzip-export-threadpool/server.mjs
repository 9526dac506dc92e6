// An orders export on Koa, written as an ES module (server.mjs). GET /exports/orders.csv answers the whole order
// book as CSV (about 330 KB, built once at start and kept); every download compresses it again with the asynchronous
// zlib.gzip at level 9. The compression runs on libuv's threadpool (4 threads), so the event loop stays free, but
// ten downloads in flight keep every thread busy and each waits its turn; the other requests that need the
// threadpool (a file read for /exports) queue behind them.
import { gzip as gzipCallback } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import Koa from 'koa';
import Router from '@koa/router';

const gzip = promisify(gzipCallback);
const here = fileURLToPath(new URL('.', import.meta.url));

const STATUSES = ['paid', 'shipped', 'delivered', 'returned'];
const rows = ['order_id,customer,placed_at,status,sku,qty,total_cents'];
for (let i = 0; i < 5000; i++) {
  rows.push(`${500000 + i},cust-${(i * 7919) % 20000},2026-${String(1 + (i % 10)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:00:00Z,${STATUSES[i % 4]},SKU-${(i * 104729) % 90000},${1 + (i % 5)},${(i * 3571) % 250000}`);
}
const ordersCsv = Buffer.from(rows.join('\n'));

async function exportOrders(ctx) {
  ctx.set('content-type', 'text/csv');
  ctx.set('content-encoding', 'gzip');
  ctx.set('content-disposition', 'attachment; filename="orders.csv"');
  ctx.body = await gzip(ordersCsv, { level: 9 });
}

const router = new Router();
router.get('/exports/orders.csv', exportOrders);
router.get('/exports', async (ctx) => {
  ctx.type = 'json';
  ctx.body = await readFile(`${here}exports.json`);
});

const app = new Koa();
app.use(router.routes());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-esm-gzip-export-threadpool listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
