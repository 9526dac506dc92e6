'use strict';
// A public "what's my IP / headers" echo service with 500 clients connected at once. Each answer is built in
// microseconds from the request itself; requests wait only for their turn on a saturated CPU, which is normal.
const Koa = require('koa');
const Router = require('@koa/router');

const app = new Koa();
const router = new Router();
router.get('/ip', (ctx) => {
  ctx.body = { ip: ctx.ip };
});
router.get('/headers', (ctx) => {
  ctx.body = { userAgent: ctx.get('user-agent'), accept: ctx.get('accept') };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-500-connections listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
