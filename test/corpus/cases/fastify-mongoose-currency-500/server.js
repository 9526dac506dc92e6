'use strict';
// An order API that validates new orders with a mongoose model (no database needed for that: new Order() and
// validate()). The currency field is an enum of upper-case codes; the web shop sends lower-case codes ("eur"), so
// createOrder's await order.validate() rejects with a mongoose ValidationError, which nothing maps to a 400, and
// Fastify answers 500 for every web-shop order.
const Fastify = require('fastify');
const mongoose = require('mongoose');

const orderSchema = new mongoose.Schema(
  {
    customer: { type: String, required: true },
    currency: { type: String, enum: ['EUR', 'USD', 'GBP'], required: true },
    lines: [{ sku: { type: String, required: true }, qty: { type: Number, min: 1 }, price: { type: Number, min: 0 } }],
  },
  { autoIndex: false, autoCreate: false },
);
const Order = mongoose.model('Order', orderSchema);
let created = 0;

async function createOrder(body) {
  const order = new Order(body);
  await order.validate();
  created++;
  const total = order.lines.reduce((sum, l) => sum + l.qty * l.price, 0);
  return { id: String(order._id), currency: order.currency, total: Math.round(total * 100) / 100 };
}

const app = Fastify({ logger: false });
app.post('/orders', async (request, reply) => {
  const created = await createOrder(request.body);
  reply.code(201);
  return created;
});
app.get('/orders/count', async () => ({ count: created }));

app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(
  () => console.log(`fastify-mongoose-currency-500 listening on http://127.0.0.1:${app.server.address().port}`),
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  app.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
