'use strict';
// A multi-tenant settings API. getSettings hands every request a structuredClone of the tenant's whole settings tree
// (feature flags, 1,200 per-page layouts) "so that no handler can mutate the shared copy", although the routes only
// read two or three values; the deep clone is most of the cost of every request.
const Koa = require('koa');
const Router = require('@koa/router');

const tenants = {};
for (const tenant of ['north', 'south']) {
  const pages = {};
  for (let i = 0; i < 1200; i++) pages[`page-${i}`] = { layout: i % 2 ? 'grid' : 'list', widgets: [`w${i % 9}`, `w${i % 5}`], columns: 1 + (i % 4), visible: i % 3 !== 0 };
  tenants[tenant] = { tenant, theme: { primary: '#0a5', density: 'compact' }, flags: { beta: tenant === 'north', exports: true }, pages };
}

function getSettings(tenant) {
  return structuredClone(tenants[tenant]);
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/tenants/:tenant/theme', (ctx) => {
  const settings = getSettings(ctx.params.tenant);
  ctx.body = settings.theme;
});
router.get('/tenants/:tenant/pages/:page', (ctx) => {
  const settings = getSettings(ctx.params.tenant);
  ctx.body = { page: ctx.params.page, ...settings.pages[ctx.params.page], beta: settings.flags.beta };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-structuredclone-settings listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
