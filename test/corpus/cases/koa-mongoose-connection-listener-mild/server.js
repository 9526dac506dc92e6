'use strict';
// An order-history API on mongoose. Its repository helper ordersCollection() is called by every order-history
// request and, each time, registers mongoose.connection.on('error', ...) to log database errors "for this query",
// a classic copy of the connection set-up code into a per-call helper. The listener is never removed, so the one
// process-wide mongoose connection collects one 'error' listener per order-history request. (For the corpus, the rows
// come from an in-memory snapshot hydrated into mongoose documents; no database is needed.) Only one request in three
// asks for order history and the traffic is modest (60 requests/s), so the listeners pile up slowly, about twenty a
// second.
const Koa = require('koa');
const Router = require('@koa/router');
const mongoose = require('mongoose');

const Order = mongoose.model('Order', new mongoose.Schema({ number: String, customer: String, total: Number, placedAt: Date, status: String }));
const snapshot = [];
for (let i = 0; i < 40; i++) {
  snapshot.push({ _id: new mongoose.Types.ObjectId(`65a1f0c0e4b0a1b2c3d4${String(1000 + i).padStart(4, '0')}`), number: `SO-${70000 + i}`, customer: `c-${i % 5}`, total: ((i * 37) % 500) + 9.5, placedAt: new Date(Date.UTC(2026, 9, 1 + i)), status: i % 4 ? 'shipped' : 'open' });
}

function logDbError(err) {
  console.error('database error:', err.message);
}

function ordersCollection() {
  mongoose.connection.on('error', logDbError);
  return { find: (filter) => snapshot.filter((o) => o.customer === filter.customer).map((o) => Order.hydrate(o)) };
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/customers/:id/orders', (ctx) => {
  const orders = ordersCollection().find({ customer: ctx.params.id });
  ctx.body = orders.map((o) => ({ number: o.number, total: o.total, status: o.status, placedAt: o.placedAt }));
});
router.get('/customers/:id', (ctx) => {
  ctx.body = { id: ctx.params.id, name: `Customer ${ctx.params.id}` };
});
router.get('/health', (ctx) => {
  ctx.body = { ok: true };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-mongoose-connection-listener-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
