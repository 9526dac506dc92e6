'use strict';
// A task API. The reportErrors middleware registers ctx.app.on('error', ...) on every request so that error reports
// carry that request's path and user; the listener is never removed, so the application object collects one listener
// (and a closure over its request context) per request. Node warns after ten, and they keep piling up.
const Koa = require('koa');
const Router = require('@koa/router');

const reports = [];

async function reportErrors(ctx, next) {
  const requestContext = { path: ctx.path, user: ctx.get('x-user') || 'anonymous', at: Date.now() };
  ctx.app.on('error', (err, errorCtx) => {
    if (errorCtx === ctx) reports.push({ message: err.message, ...requestContext });
  });
  await next();
}

const TASKS = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, title: `Task ${i + 1}`, done: i % 4 === 0 }));

const app = new Koa();
app.silent = true;
app.use(reportErrors);
const router = new Router();
router.get('/projects/:id/tasks', (ctx) => {
  ctx.body = { project: Number(ctx.params.id), tasks: TASKS };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-app-error-listener listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
