'use strict';
// An order-history API. traceRequest writes a debug entry per step and per loaded order (two per order, about 240 per request) through the shared winston logger, whose
// format pipeline stamps, labels, sanitises and pretty-prints each entry's metadata. The level was left at 'debug'
// after a bug hunt, so every entry is formatted and written (to the trace stream, here the null device).
const fs = require('node:fs');
const os = require('node:os');
const { Writable } = require('node:stream');
const Koa = require('koa');
const Router = require('@koa/router');
const winston = require('winston');

const { combine, timestamp, label, splat, printf } = winston.format;

const sanitise = winston.format((info) => {
  if (info.customer) info.customer = { ...info.customer, email: '[redacted]' };
  return info;
});

// The trace file is written synchronously, as stdout is when it is redirected to a file.
function traceFile(file) {
  const fd = fs.openSync(file, 'a');
  return new Writable({
    write(chunk, _encoding, done) {
      fs.writeSync(fd, chunk);
      done();
    },
  });
}

function formatEntry({ timestamp: ts, label: lb, level, message, ...meta }) {
  return `${ts} [${lb}] ${level}: ${message} ${JSON.stringify(meta, null, 2)}`;
}

const logger = winston.createLogger({
  level: 'debug',
  format: combine(
    timestamp(),
    label({ label: 'order-status' }),
    splat(),
    sanitise(),
    printf(formatEntry),
  ),
  transports: [new winston.transports.Stream({ stream: traceFile(os.devNull) })],
});

const orders = new Map();
for (let i = 1000; i < 4600; i++) {
  orders.set(String(i), {
    id: i,
    status: ['placed', 'packed', 'shipped', 'delivered'][i % 4],
    customer: { id: `c-${i % 30}`, name: `Customer ${i % 30}`, email: `customer${i % 30}@example.com`, tier: i % 5 === 0 ? 'gold' : 'standard' },
    lines: Array.from({ length: 3 + (i % 3) }, (_x, j) => ({ sku: `SKU-${(i * 7 + j) % 900}`, qty: 1 + (j % 3), price: 4.5 + j })),
    carrier: { name: 'ParcelCo', tracking: `PC${i}X${i % 97}` },
  });
}

const ordersByCustomer = new Map();
for (const order of orders.values()) {
  const ids = ordersByCustomer.get(order.customer.id) || [];
  ids.push(String(order.id));
  ordersByCustomer.set(order.customer.id, ids);
}

function traceRequest(ctx, step, meta) {
  logger.debug('%s %s: %s', ctx.method, ctx.path, step, { requestId: ctx.state.requestId, tenant: ctx.state.tenant, ...meta });
}

let nextRequestId = 1;
const app = new Koa();
const router = new Router();

app.use(async (ctx, next) => {
  ctx.state.requestId = `req-${nextRequestId++}`;
  ctx.state.tenant = ctx.get('x-tenant') || 'default';
  traceRequest(ctx, 'received', { headers: { accept: ctx.get('accept'), userAgent: ctx.get('user-agent') } });
  await next();
  traceRequest(ctx, 'answered', { status: ctx.status });
});

router.get('/customers/:id/orders', (ctx) => {
  traceRequest(ctx, 'auth', { scheme: 'internal', tenant: ctx.state.tenant });
  const ids = ordersByCustomer.get(ctx.params.id);
  traceRequest(ctx, 'cache lookup', { key: `customer-orders:${ctx.params.id}`, hit: Boolean(ids) });
  if (!ids) ctx.throw(404, 'no such customer');
  const list = [];
  for (const id of ids) {
    const order = orders.get(id);
    traceRequest(ctx, 'order loaded', { order: order.id, status: order.status, lines: order.lines.length, carrier: order.carrier.name });
    const summary = { id: order.id, status: order.status, tracking: order.carrier.tracking };
    traceRequest(ctx, 'order summarised', summary);
    list.push(summary);
  }
  ctx.body = { customer: ctx.params.id, orders: list };
});

app.use(router.routes());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-winston-debug-trace listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
