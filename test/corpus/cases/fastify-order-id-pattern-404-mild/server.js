'use strict';
// An order-status API on Fastify. registerOrderRoutes declares the order id as numeric with a parameter pattern
// (/orders/:id(^\d+$)), as ids were when the route was written; the new checkout issues ids like ORD-2026-000123
// and its order pages ask for /orders/ORD-2026-000123/status, which the router cannot match, so Fastify hands them to
// the app's notFound handler and they are answered 404 while the orders exist. The new checkout is one order page in
// eight so far.
const Fastify = require('fastify');

const orders = new Map();
for (let i = 0; i < 400; i++) {
  const status = ['placed', 'packed', 'shipped', 'delivered'][i % 4];
  orders.set(String(700000 + i), { id: String(700000 + i), status });
  orders.set(`ORD-2026-${String(i).padStart(6, '0')}`, { id: `ORD-2026-${String(i).padStart(6, '0')}`, status });
}

function registerOrderRoutes(app) {
  app.get('/orders/:id(^\\d+$)/status', async (request, reply) => {
    const order = orders.get(request.params.id);
    if (!order) return reply.code(404).send({ error: 'no such order' });
    return order;
  });
}

function notFound(request, reply) {
  reply.code(404).send({ error: 'not found', path: request.url });
}

const app = Fastify({ logger: false });
registerOrderRoutes(app);
app.setNotFoundHandler(notFound);

app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-order-id-pattern-404-mild listening on http://127.0.0.1:${app.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  app.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
