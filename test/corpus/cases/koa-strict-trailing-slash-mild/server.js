'use strict';
// A recipe API on Koa whose router was created with { strict: true } (copied from a starter project), which makes a
// trailing slash significant: /recipes/ does not match the /recipes route. One client (the smart-fridge app) lists
// recipes with a trailing slash; the router passes those requests on and the notFound fallback answers 404.
const Koa = require('koa');
const Router = require('@koa/router');

const recipes = [];
for (let i = 1; i <= 60; i++) recipes.push({ id: i, title: `Recipe ${i}`, minutes: 10 + ((i * 7) % 50), vegetarian: i % 3 === 0 });

const app = new Koa();
app.silent = true;
const router = new Router({ strict: true });
router.get('/recipes', (ctx) => {
  const page = Math.max(1, Number(ctx.query.page) || 1);
  ctx.body = { page, recipes: recipes.slice((page - 1) * 10, page * 10) };
});
router.get('/recipes/:id', (ctx) => {
  const recipe = recipes[Number(ctx.params.id) - 1];
  if (!recipe) ctx.throw(404, 'no such recipe');
  ctx.body = recipe;
});

function notFound(ctx) {
  ctx.status = 404;
  ctx.body = { error: `no route for ${ctx.method} ${ctx.path}` };
}

app.use(router.routes()).use(router.allowedMethods());
app.use(notFound);

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-strict-trailing-slash-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
