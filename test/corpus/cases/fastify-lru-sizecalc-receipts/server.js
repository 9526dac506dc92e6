'use strict';
// A point-of-sale API. cacheReceipt keeps every rendered receipt in an lru-cache so that it can be downloaded again;
// the cache was given maxSize 50 MB, but its sizeCalculation returns 1 instead of the receipt's byte length, so the
// "50 MB" cache admits fifty million receipts: every POST /receipts adds one and nothing is ever evicted.
const { LRUCache } = require('lru-cache');
const fastify = require('fastify')({ logger: false });

const receipts = new LRUCache({ maxSize: 50 * 1024 * 1024, sizeCalculation: () => 1 });
let nextNumber = 1;

function renderReceipt(number, body) {
  const rows = body.items.map((item) => `<tr><td>${item.sku}</td><td>${item.qty}</td><td>${(item.price / 100).toFixed(2)}</td><td>${((item.qty * item.price) / 100).toFixed(2)}</td></tr>`);
  const total = body.items.reduce((sum, item) => sum + item.qty * item.price, 0);
  return `<!doctype html><html><head><title>Receipt ${number}</title><style>body{font-family:monospace}td{padding:2px 8px}</style></head><body><h1>Receipt ${number}</h1><p>Store ${body.store}, issued ${new Date(Date.UTC(2026, 10, 24, 12, 0, number % 60)).toISOString()}</p><table>${rows.join('')}</table><p>Total ${(total / 100).toFixed(2)} EUR (VAT included: ${((total * 0.19) / 119).toFixed(2)})</p><footer>${'Thank you for shopping with us. Keep this receipt for returns within 30 days. '.repeat(12)}</footer></body></html>`;
}

function cacheReceipt(number, html) {
  receipts.set(`receipt-${number}`, html);
}

fastify.post('/receipts', async (request, reply) => {
  const number = nextNumber++;
  const html = renderReceipt(number, request.body);
  cacheReceipt(number, html);
  reply.code(201);
  return { number, url: `/receipts/${number}`, bytes: html.length };
});
fastify.get('/receipts/:number', async (request, reply) => {
  const html = receipts.get(`receipt-${request.params.number}`);
  if (!html) return reply.code(404).send({ error: 'unknown receipt' });
  return reply.type('text/html').send(html);
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-lru-sizecalc-receipts listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
