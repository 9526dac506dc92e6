// A shop's receipt service on Fastify, as an ES module. GET /orders/:id/receipt renders a receipt (about 1 KB of
// HTML) under a fresh receipt number and keeps it in issuedReceipts "so the customer can download it again"
// (issueReceipt). Nothing ever deletes a receipt: at 150 requests a second the Map grows by about 0.15 MB a second
// for as long as the server runs.
import Fastify from 'fastify';

const issuedReceipts = new Map();
let nextNumber = 100000;

const orders = Array.from({ length: 500 }, (_, i) => ({
  id: i + 1,
  customer: `Customer ${i + 1}`,
  lines: Array.from({ length: 3 + (i % 4) }, (_, j) => ({ sku: `SKU-${(i * 7 + j) % 900}`, qty: 1 + (j % 3), unitCents: 199 + ((i * 31 + j * 17) % 4000) })),
}));

function renderReceipt(order, number) {
  const rows = order.lines.map((l) => `<tr><td>${l.sku}</td><td>${l.qty}</td><td>${(l.unitCents / 100).toFixed(2)}</td><td>${((l.qty * l.unitCents) / 100).toFixed(2)}</td></tr>`).join('');
  const total = order.lines.reduce((s, l) => s + l.qty * l.unitCents, 0);
  return `<article class="receipt"><h1>Receipt ${number}</h1><p>Order ${order.id} for ${order.customer}</p><table><thead><tr><th>SKU</th><th>Qty</th><th>Unit</th><th>Total</th></tr></thead><tbody>${rows}</tbody></table><p class="total">Total EUR ${(total / 100).toFixed(2)}</p><footer>Thank you for shopping with us. Keep this receipt for your records; returns within 30 days.</footer></article>`;
}

function issueReceipt(order) {
  const number = `R-${++nextNumber}`;
  const html = renderReceipt(order, number);
  issuedReceipts.set(number, { number, orderId: order.id, html, issuedAt: new Date().toISOString() });
  return { number, html };
}

const app = Fastify({ logger: false });
app.get('/orders/:id/receipt', async (request, reply) => {
  const order = orders[Number(request.params.id) - 1];
  if (!order) return reply.code(404).send({ error: 'no such order' });
  const receipt = issueReceipt(order);
  return reply.type('text/html').header('x-receipt-number', receipt.number).send(receipt.html);
});
app.get('/receipts/:number', async (request, reply) => {
  const receipt = issuedReceipts.get(request.params.number);
  if (!receipt) return reply.code(404).send({ error: 'no such receipt' });
  return reply.type('text/html').send(receipt.html);
});

const address = await app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
console.log(`fastify-esm-receipts-map-slow-leak listening on ${address}`);
function shutdown() {
  app.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
