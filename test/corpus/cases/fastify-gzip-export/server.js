'use strict';
// An order export endpoint: the serialised export (about 4 MB of JSON) is compressed with zlib.gzipSync on every
// request, on the main thread, instead of being compressed once (or streamed through zlib's async API).
const zlib = require('node:zlib');
const fastify = require('fastify')({ logger: false });

function buildOrders(count) {
  const orders = [];
  for (let i = 0; i < count; i++) {
    orders.push({
      id: `ord-${String(i).padStart(6, '0')}`,
      customer: `customer-${(i * 7919) % 5000}`,
      total: ((i * 104729) % 100000) / 100,
      status: ['new', 'paid', 'shipped', 'returned'][i % 4],
      lines: [{ sku: `sku-${i % 997}`, qty: 1 + (i % 5) }, { sku: `sku-${(i * 31) % 997}`, qty: 1 + (i % 3) }],
    });
  }
  return Buffer.from(JSON.stringify(orders));
}
const exportJson = buildOrders(22000);

function exportOrders() {
  return zlib.gzipSync(exportJson);
}

fastify.get('/export', async (request, reply) => {
  const gz = exportOrders();
  reply.header('content-type', 'application/json').header('content-encoding', 'gzip');
  return gz;
});
fastify.get('/status', async () => ({ ok: true, exportBytes: exportJson.length }));

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-gzip-export listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
