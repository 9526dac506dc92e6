'use strict';
// A to-do API used by a single client over one keep-alive connection (a back-office script). Requests are small
// reads and writes on an in-memory list, answered in microseconds; there is nothing to fix.
const Koa = require('koa');
const Router = require('@koa/router');

const todos = [];
for (let i = 0; i < 20; i++) todos.push({ id: i + 1, title: `task ${i + 1}`, done: i % 3 === 0 });

const app = new Koa();
const router = new Router();
router.get('/todos', (ctx) => {
  ctx.body = todos.slice(0, 20);
});
router.get('/todos/:id', (ctx) => {
  const todo = todos.find((t) => t.id === Number(ctx.params.id));
  if (!todo) ctx.throw(404, 'not found');
  ctx.body = todo;
});
router.post('/todos/:id/toggle', (ctx) => {
  const todo = todos.find((t) => t.id === Number(ctx.params.id));
  if (!todo) ctx.throw(404, 'not found');
  todo.done = !todo.done;
  ctx.body = todo;
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-single-connection listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
