'use strict';
// A payments API on Koa with an audit log. The audit transport (a winston Stream transport on the audit sink) is
// created once and shared; requestLogger builds a new winston logger for every request with that shared transport,
// so that each entry carries the request id and route as default metadata (logger.child would have done it).
// winston's logger.add pipes every new logger into the transport (with readable-stream's pipe, winston's copy of
// Node's stream code), which registers 'unpipe', 'drain', 'error', 'close' and 'finish' listeners on the shared
// transport; nothing closes the per-request loggers, so the transport collects listeners (and keeps every logger
// alive) for every request.
const { Writable } = require('node:stream');
const Koa = require('koa');
const Router = require('@koa/router');
const winston = require('winston');

const auditSink = new Writable({ write(chunk, encoding, done) { done(); } });
const auditTransport = new winston.transports.Stream({ stream: auditSink });
let requestSerial = 0;

function requestLogger(ctx) {
  return winston.createLogger({
    level: 'info',
    format: winston.format.json(),
    defaultMeta: { requestId: `req-${requestSerial++}`, route: ctx.path },
    transports: [auditTransport],
  });
}

const payments = new Map();
for (let i = 0; i < 200; i++) payments.set(`pay_${1000 + i}`, { id: `pay_${1000 + i}`, amountCents: 500 + i * 35, currency: 'EUR', status: i % 9 ? 'captured' : 'refunded' });

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/payments/:id', (ctx) => {
  const audit = requestLogger(ctx);
  const payment = payments.get(ctx.params.id);
  audit.info('payment read', { payment: ctx.params.id, found: Boolean(payment) });
  if (!payment) {
    ctx.status = 404;
    ctx.body = { error: 'no such payment' };
    return;
  }
  ctx.body = payment;
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-winston-shared-transport listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
